import path from "node:path";
import { dataDir } from "@/lib/config/env";
import { createLocalStore } from "@/lib/workspace/store/local";
import { StoreNotFound, type WorkspaceStore } from "@/lib/workspace/store/types";
import { openWorkspace } from "@/lib/workspace/open";
import { VIRTUAL } from "@/lib/workspace/paths";

/** The files of shared skills, one folder per slug. Behind a function so it can move to object storage. */
export function sharedSkillsStore(): WorkspaceStore {
  return createLocalStore(path.join(dataDir(), "skills"));
}

export type SkillFileEntry = { path: string; size: number };

/** One skill's folder, whichever store holds it. Paths are relative to the folder and already checked. */
export type SkillFolder = {
  exists(): Promise<boolean>;
  /** Every file, sorted by path. */
  list(): Promise<SkillFileEntry[]>;
  read(rel: string): Promise<Buffer>;
  /** null when nothing is there; "dir" for a folder. */
  kindOf(rel: string): Promise<"file" | "dir" | null>;
  write(rel: string, data: Uint8Array | string): Promise<void>;
  remove(rel: string): Promise<void>;
  /** The folder and everything in it; nothing when it is already gone. */
  removeAll(): Promise<void>;
};

export const SHARED_SKILL_MD = (slug: string) => `${VIRTUAL.skills}/${slug}/SKILL.md`;
export const PERSONAL_SKILL_MD = (slug: string) => `${VIRTUAL.personalSkills}/${slug}/SKILL.md`;

export function sharedSkillFolder(slug: string, store: WorkspaceStore = sharedSkillsStore()): SkillFolder {
  const at = (rel: string) => `${slug}/${rel}`;
  return {
    exists: async () => (await store.stat(slug))?.kind === "dir",
    list: async () => {
      if ((await store.stat(slug))?.kind !== "dir") return [];
      return (await store.walk(slug)).map((e) => ({ path: e.rel.slice(slug.length + 1), size: e.size }));
    },
    read: (rel) => store.read(at(rel)),
    kindOf: async (rel) => (await store.stat(at(rel)))?.kind ?? null,
    write: (rel, data) => store.write(at(rel), data),
    remove: (rel) => store.remove(at(rel)),
    removeAll: () => store.remove(slug).catch(ignoreMissing),
  };
}

/** A personal skill lives in its owner's workspace, where the agent reads (and may edit) it too. */
export function personalSkillFolder(userId: string, slug: string): SkillFolder {
  const workspace = openWorkspace(userId);
  const root = `${VIRTUAL.personalSkills}/${slug}`;
  const at = (rel: string) => `${root}/${rel}`;
  const walk = async (dir: string, prefix: string, out: SkillFileEntry[]) => {
    for (const e of await workspace.list(dir)) {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.kind === "dir") await walk(e.virtual, rel, out);
      else out.push({ path: rel, size: e.size });
    }
  };
  return {
    exists: async () => (await workspace.stat(root))?.kind === "dir",
    list: async () => {
      if ((await workspace.stat(root))?.kind !== "dir") return [];
      const out: SkillFileEntry[] = [];
      await walk(root, "", out);
      return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
    read: (rel) => workspace.readBytes(at(rel)),
    kindOf: async (rel) => (await workspace.stat(at(rel)))?.kind ?? null,
    write: (rel, data) => workspace.writeBytes(at(rel), data),
    remove: (rel) => workspace.remove(at(rel)),
    removeAll: () => workspace.remove(root).catch(ignoreMissing),
  };
}

/** Writes every file of a package into an empty (or emptied) folder; on failure nothing half-written stays. */
export async function writeSkillFiles(folder: SkillFolder, files: Map<string, Uint8Array>): Promise<void> {
  try {
    for (const [rel, data] of files) await folder.write(rel, data);
  } catch (err) {
    await folder
      .removeAll()
      .catch((cleanup) => console.error("[skills] could not clean up a half-written skill:", cleanup));
    throw err;
  }
}

function ignoreMissing(err: unknown): void {
  if (!(err instanceof StoreNotFound)) throw err;
}
