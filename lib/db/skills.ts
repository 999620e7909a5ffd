import { asc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/identity/actor";
import { getDb } from "./client";
import { catalogRows } from "./catalog-cache";
import { skills, type SkillSource } from "./schema";
import { isUniqueViolation } from "./pg-errors";
import { ApiError } from "@/lib/errors/api-error";
import { atLeast, CAN_CREATE, filterByAccess, resolveAccess } from "@/lib/sharing/resolve-access";
import { PRIVATE, type Access, type Sharing } from "@/lib/sharing/types";
import { assertMayGrant } from "@/lib/sharing/grant";

/** A skill's front matter as stored (lib/skills/front-matter.ts reads it from SKILL.md). */
export type SkillMeta = {
  name: string;
  slug?: string;
  description: string;
  tool_dependencies: string[];
  mcp_dependencies: string[];
  skill_dependencies: string[];
};

/** Data access for shared skills (rows); every call acts for someone and is scoped by the sharing model. */

export type SkillRow = typeof skills.$inferSelect;

/**
 * What the actor holds on a shared skill. A disabled skill is out of sight for everyone who
 * cannot manage it: it is neither offered to agents nor listed.
 */
function skillAccess(actor: Actor, row: Pick<SkillRow, "ownerId" | "sharing" | "enabled">): Access {
  const access = resolveAccess(actor, row, "skill");
  return row.enabled || access === "manage" ? access : "none";
}

/** Shared skills the actor can see, with their access, by slug. */
export async function listSharedSkills(actor: Actor): Promise<(SkillRow & { access: Exclude<Access, "none"> })[]> {
  const db = await getDb();
  const rows = await db.select().from(skills).orderBy(asc(skills.slug));
  return rows.flatMap((row) => {
    const access = skillAccess(actor, row);
    return access === "none" ? [] : [{ ...row, access }];
  });
}

/** Enabled shared skills the actor may read (what agents may use), by slug. One query. */
export async function listUsableSharedSkills(actor: Actor): Promise<SkillRow[]> {
  return filterByAccess(actor, await enabledSkills(), "skill");
}

/** Slugs of the enabled shared skills the actor may read (the /home/gem/skills projection). */
export async function usableSharedSkillSlugs(actor: Actor): Promise<Set<string>> {
  return new Set(filterByAccess(actor, await enabledSkills(), "skill").map((r) => r.slug));
}

/** Every enabled shared skill by slug, from the catalog cache (catalog-cache.ts): shared, frozen rows. */
const enabledSkills = () =>
  catalogRows("skills", (db) => db.select().from(skills).where(eq(skills.enabled, true)).orderBy(asc(skills.slug)));

/** The shared skill with the actor's access; 404 when they cannot see it, 403 when they may read but need more. */
export async function requireSharedSkill(actor: Actor, slug: string, needed: Exclude<Access, "none"> = "read") {
  const db = await getDb();
  const [row] = await db.select().from(skills).where(eq(skills.slug, slug)).limit(1);
  const access = row ? skillAccess(actor, row) : "none";
  if (!row || access === "none") throw new ApiError("not_found:skill", `There is no skill "${slug}" shared with you.`);
  if (!atLeast(access, needed)) throw new ApiError("forbidden:skill", "You may use this skill but not change it.");
  return { row, access };
}

const metaColumns = (meta: SkillMeta, content: string) => ({
  name: meta.name,
  description: meta.description,
  toolDependencies: meta.tool_dependencies,
  mcpDependencies: meta.mcp_dependencies,
  skillDependencies: meta.skill_dependencies,
  content,
});

export type SharedSkillInput = {
  slug: string;
  meta: SkillMeta;
  content: string;
  source: Exclude<SkillSource, "builtin">;
  sharing?: Sharing;
  enabled?: boolean;
};

export async function insertSharedSkill(actor: Actor, input: SharedSkillInput): Promise<SkillRow> {
  if (!CAN_CREATE.skill.includes(actor.role))
    throw new ApiError(
      "forbidden:skill",
      "Only administrators may create shared skills. Create a personal skill instead.",
    );
  const sharing = input.sharing ?? PRIVATE;
  assertMayGrant(actor, sharing);
  const db = await getDb();
  try {
    const [row] = await db
      .insert(skills)
      .values({
        id: crypto.randomUUID(),
        slug: input.slug,
        ...metaColumns(input.meta, input.content),
        enabled: input.enabled ?? true,
        sharing,
        source: input.source,
        ownerId: actor.id,
      })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError("conflict:skill", `A shared skill "${input.slug}" already exists.`);
    throw err;
  }
}

export async function updateSharedSkill(
  actor: Actor,
  slug: string,
  patch: { enabled?: boolean; sharing?: Sharing },
): Promise<SkillRow> {
  await requireSharedSkill(actor, slug, "manage");
  if (patch.sharing) assertMayGrant(actor, patch.sharing);
  const db = await getDb();
  const [row] = await db
    .update(skills)
    .set({
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.sharing ? { sharing: patch.sharing } : {}),
      updatedAt: new Date(),
    })
    .where(eq(skills.slug, slug))
    .returning();
  if (!row) throw new ApiError("not_found:skill", `There is no skill "${slug}" shared with you.`);
  return row;
}

/** After SKILL.md was saved: the row follows its front matter. */
export async function updateSharedSkillContent(
  actor: Actor,
  slug: string,
  meta: SkillMeta,
  content: string,
): Promise<SkillRow> {
  await requireSharedSkill(actor, slug, "manage");
  const db = await getDb();
  const [row] = await db
    .update(skills)
    .set({ ...metaColumns(meta, content), updatedAt: new Date() })
    .where(eq(skills.slug, slug))
    .returning();
  if (!row) throw new ApiError("not_found:skill", `There is no skill "${slug}" shared with you.`);
  return row;
}

/** A file other than SKILL.md changed: only the time moves. */
export async function touchSharedSkill(actor: Actor, slug: string): Promise<SkillRow> {
  await requireSharedSkill(actor, slug, "manage");
  const db = await getDb();
  const [row] = await db.update(skills).set({ updatedAt: new Date() }).where(eq(skills.slug, slug)).returning();
  if (!row) throw new ApiError("not_found:skill", `There is no skill "${slug}" shared with you.`);
  return row;
}

export async function deleteSharedSkill(actor: Actor, slug: string): Promise<SkillRow> {
  const { row } = await requireSharedSkill(actor, slug, "manage");
  const db = await getDb();
  await db.delete(skills).where(eq(skills.id, row.id));
  return row;
}

/**
 * Built-in skills (system, no actor): inserted once shared with everyone; later starts refresh
 * their content but never the enabled switch or sharing an admin chose. A slug held by a
 * non-builtin skill is left alone. Returns whether the row is (now) the builtin one.
 */
export async function upsertBuiltinSkill(slug: string, meta: SkillMeta, content: string): Promise<boolean> {
  const db = await getDb();
  const [existing] = await db.select({ source: skills.source }).from(skills).where(eq(skills.slug, slug)).limit(1);
  if (existing && existing.source !== "builtin") return false;
  if (existing) {
    await db
      .update(skills)
      .set({ ...metaColumns(meta, content), updatedAt: new Date() })
      .where(eq(skills.slug, slug));
    return true;
  }
  const everyone: Sharing = { read: { global: true, departmentIds: [], userIds: [] }, manage: PRIVATE.manage };
  await db
    .insert(skills)
    .values({
      id: `skill-${slug}`,
      slug,
      ...metaColumns(meta, content),
      enabled: true,
      sharing: everyone,
      source: "builtin",
      ownerId: null,
    })
    .onConflictDoNothing();
  return true;
}
