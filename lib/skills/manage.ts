import type { Actor } from "@/lib/identity/actor";
import type { SkillSource } from "@/lib/db/schema";
import {
  deleteSharedSkill,
  insertSharedSkill,
  listSharedSkills,
  requireSharedSkill,
  updateSharedSkill,
  type SkillRow,
} from "@/lib/db/skills";
import { ApiError } from "@/lib/errors/api-error";
import type { Access, Sharing } from "@/lib/sharing/types";
import { withFileErrors } from "@/lib/files/fs-errors";
import { personalSkillFolder, sharedSkillFolder, writeSkillFiles, type SkillFolder } from "./folders";
import { listPersonalSkills, readPersonalSkill } from "./personal";
import type { SkillPackage } from "./package";
import {
  bySlugThenScope,
  personalSkillView,
  sharedSkillView,
  type SkillDetail,
  type SkillScope,
  type SkillView,
} from "./view";

/** Skill management for the API: shared skills (row + shared store) and personal skills (workspace). */

export async function listManagedSkills(actor: Actor): Promise<SkillView[]> {
  const [shared, personal] = await Promise.all([listSharedSkills(actor), listPersonalSkills(actor.id)]);
  // A broken personal skill is not offered to agents, so it overrides nothing.
  const overriding = new Set(personal.filter((p) => p.ok).map((p) => p.slug));
  return [
    ...personal.map(personalSkillView),
    ...shared.map((r) => sharedSkillView(r, r.access, overriding.has(r.slug))),
  ].sort(bySlugThenScope);
}

/** One skill the actor can see, in the scope asked for; without a scope, the personal one when it exists. */
export type LocatedSkill =
  | { scope: "shared"; slug: string; row: SkillRow; access: Exclude<Access, "none">; folder: SkillFolder }
  | { scope: "personal"; slug: string; folder: SkillFolder };

const notFound = (slug: string) => new ApiError("not_found:skill", `There is no skill "${slug}" you can see.`);

export async function locateSkill(
  actor: Actor,
  slug: string,
  scope: SkillScope | undefined,
  needed: "read" | "manage",
): Promise<LocatedSkill> {
  if (scope !== "shared") {
    const folder = personalSkillFolder(actor.id, slug);
    if (await folder.exists()) return { scope: "personal", slug, folder };
    if (scope === "personal") throw notFound(slug);
  }
  const { row, access } = await requireSharedSkill(actor, slug, needed);
  return { scope: "shared", slug, row, access, folder: sharedSkillFolder(slug) };
}

async function viewOf(actor: Actor, skill: LocatedSkill): Promise<SkillView> {
  if (skill.scope === "shared") {
    const personal = await readPersonalSkill(actor.id, skill.slug);
    return sharedSkillView(skill.row, skill.access, Boolean(personal?.ok));
  }
  const personal = await readPersonalSkill(actor.id, skill.slug);
  if (!personal) throw notFound(skill.slug);
  return personalSkillView(personal);
}

export async function getSkill(actor: Actor, slug: string, scope?: SkillScope): Promise<SkillDetail> {
  const skill = await locateSkill(actor, slug, scope, "read");
  return detailOf(actor, skill);
}

export async function detailOf(actor: Actor, skill: LocatedSkill): Promise<SkillDetail> {
  const [view, files] = await Promise.all([viewOf(actor, skill), withFileErrors(() => skill.folder.list())]);
  return { ...view, files };
}

export type CreateSkillInput = { pkg: SkillPackage; scope: SkillScope; source: Exclude<SkillSource, "builtin"> };

/** Stores a validated package as a new skill: 409 when the slug exists in that scope. */
export async function createSkill(actor: Actor, { pkg, scope, source }: CreateSkillInput): Promise<SkillView> {
  const content = Buffer.from(pkg.files.get("SKILL.md")!).toString("utf8");
  if (scope === "personal") {
    const folder = personalSkillFolder(actor.id, pkg.slug);
    if (await folder.exists())
      throw new ApiError(
        "conflict:skill",
        `You already have a personal skill "${pkg.slug}". Delete it or pick another slug.`,
      );
    await withFileErrors(() => writeSkillFiles(folder, pkg.files));
    return viewOf(actor, { scope, slug: pkg.slug, folder });
  }
  const row = await insertSharedSkill(actor, { slug: pkg.slug, meta: pkg.meta, content, source });
  const folder = sharedSkillFolder(pkg.slug);
  try {
    await folder.removeAll(); // leftovers of an earlier skill with this slug
    await withFileErrors(() => writeSkillFiles(folder, pkg.files));
  } catch (err) {
    await deleteSharedSkill(actor, pkg.slug).catch((cleanup) =>
      console.error("[skills] could not remove a half-created skill:", cleanup),
    );
    throw err;
  }
  return viewOf(actor, { scope, slug: pkg.slug, row, access: "manage", folder });
}

export type SkillPatch = { enabled?: boolean; sharing?: Sharing };

export async function updateSkill(
  actor: Actor,
  slug: string,
  scope: SkillScope | undefined,
  patch: SkillPatch,
): Promise<SkillView> {
  const skill = await locateSkill(actor, slug, scope, "manage");
  if (skill.scope === "personal") {
    if (patch.sharing)
      throw new ApiError(
        "bad_request:skill",
        "Personal skills are private and cannot be shared. Ask an administrator to publish it as a shared skill.",
      );
    if (patch.enabled === false)
      throw new ApiError(
        "bad_request:skill",
        "Personal skills cannot be switched off; delete it, or leave it out of an agent's skill selection.",
      );
    return viewOf(actor, skill);
  }
  const row = await updateSharedSkill(actor, slug, patch);
  return viewOf(actor, { ...skill, row });
}

/**
 * Built-in skills are refreshed from lib/skills/builtin at every start, so their files cannot
 * be edited and they cannot be deleted (an edit would be lost at the next start): they can be
 * disabled, shared differently, or exported and uploaded as a copy to customise.
 */
export function refuseBuiltinChange(skill: LocatedSkill, what: string): void {
  if (skill.scope === "shared" && skill.row.source === "builtin") {
    throw new ApiError(
      "forbidden:skill",
      `"${skill.slug}" is a built-in skill: its ${what} cannot be changed. Disable it, or export it and upload the copy as a skill of your own.`,
    );
  }
}

export async function deleteSkill(actor: Actor, slug: string, scope?: SkillScope): Promise<void> {
  const skill = await locateSkill(actor, slug, scope, "manage");
  refuseBuiltinChange(skill, "existence");
  if (skill.scope === "shared") await deleteSharedSkill(actor, slug);
  await withFileErrors(() => skill.folder.removeAll());
}
