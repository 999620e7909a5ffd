import { findActiveUserById } from "@/lib/db/users";
import { usableSharedSkillSlugs } from "@/lib/db/skills";
import { setSkillsProjection } from "@/lib/workspace/open";
import { StoreConflict, StoreNotFound, type StoreEntry, type WorkspaceStore } from "@/lib/workspace/store/types";
import { sharedSkillsStore } from "./folders";

/** How long one projection trusts its list of visible slugs (a run makes many calls in a row). */
const VISIBLE_TTL_MS = 2000;

/**
 * /home/gem/skills for one user: the shared skills store, read-only, showing only the folders
 * of enabled skills the user may read. Every other slug does not exist for them: not listed,
 * not found by stat or read, never walked (so glob and grep cannot reach it either).
 */
function createSkillsProjection(userId: string, inner: WorkspaceStore = sharedSkillsStore()): WorkspaceStore {
  let cached: { at: number; slugs: Promise<Set<string>> } | null = null;
  const visible = (): Promise<Set<string>> => {
    if (!cached || Date.now() - cached.at > VISIBLE_TTL_MS) {
      const slugs = findActiveUserById(userId).then((user) =>
        user ? usableSharedSkillSlugs(user) : new Set<string>(),
      );
      cached = { at: Date.now(), slugs };
      slugs.catch(() => (cached = null));
    }
    return cached.slugs;
  };
  const allowed = async (rel: string) => rel !== "" && (await visible()).has(rel.split("/")[0]);
  const root: StoreEntry = { rel: "", name: "", kind: "dir", size: 0, modifiedAt: new Date(0).toISOString() };
  const readOnly = (rel: string) => new StoreConflict(rel, "Shared skills are read-only.");

  return {
    kind: inner.kind,
    readOnly: true,
    async stat(rel) {
      if (rel === "") return (await inner.stat("")) ?? root;
      return (await allowed(rel)) ? inner.stat(rel) : null;
    },
    async list(rel) {
      if (rel === "") {
        const slugs = await visible();
        const entries = await inner.list("").catch((err) => {
          if (err instanceof StoreNotFound) return [];
          throw err;
        });
        return entries.filter((e) => e.kind === "dir" && slugs.has(e.name));
      }
      if (!(await allowed(rel))) throw new StoreNotFound(rel);
      return inner.list(rel);
    },
    async walk(rel, limit = 10_000) {
      if (rel !== "") {
        if (!(await allowed(rel))) throw new StoreNotFound(rel);
        return inner.walk(rel, limit);
      }
      const out: StoreEntry[] = [];
      for (const dir of await this.list("")) {
        if (out.length >= limit) break;
        out.push(...(await inner.walk(dir.rel, limit - out.length)));
      }
      return out;
    },
    async read(rel) {
      if (!(await allowed(rel))) throw new StoreNotFound(rel);
      return inner.read(rel);
    },
    async write(rel) {
      throw readOnly(rel);
    },
    async remove(rel) {
      throw readOnly(rel);
    },
  };
}

/** Installs the projection for every workspace opened from now on (bootstrap, and on import by the runtime). */
export function registerSkillsProjection(): void {
  setSkillsProjection((userId) => createSkillsProjection(userId));
}

registerSkillsProjection();
