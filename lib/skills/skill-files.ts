import type { Actor } from "@/lib/identity/actor";
import { touchSharedSkill, updateSharedSkillContent } from "@/lib/db/skills";
import { ApiError } from "@/lib/errors/api-error";
import { formatBytes } from "@/lib/i18n/format-bytes";
import { withFileErrors } from "@/lib/files/fs-errors";
import { skillPackageLimits } from "./limits";
import { checkFileSize, checkSkillFilePath, parseSkillFile, SKILL_FILE } from "./package";
import { detailOf, locateSkill, refuseBuiltinChange } from "./manage";
import { skillZip } from "./zip-write";
import type { SkillDetail, SkillScope } from "./view";

/** Online editing of one skill's files; SKILL.md is validated on every save and the row follows it. */

export async function readSkillFile(
  actor: Actor,
  slug: string,
  scope: SkillScope | undefined,
  rel: string,
): Promise<Buffer> {
  checkSkillFilePath(rel);
  const skill = await locateSkill(actor, slug, scope, "read");
  return withFileErrors(() => skill.folder.read(rel));
}

/** Refuses early, before a request body is read: a bad path, or a skill this actor may not change. */
export async function assertSkillFileWritable(
  actor: Actor,
  slug: string,
  scope: SkillScope | undefined,
  rel: string,
): Promise<void> {
  checkSkillFilePath(rel);
  refuseBuiltinChange(await locateSkill(actor, slug, scope, "manage"), "files");
}

export async function writeSkillFile(
  actor: Actor,
  slug: string,
  scope: SkillScope | undefined,
  rel: string,
  data: Uint8Array,
): Promise<SkillDetail> {
  checkSkillFilePath(rel);
  const limits = skillPackageLimits();
  checkFileSize(rel, data.length, limits);
  const skill = await locateSkill(actor, slug, scope, "manage");
  refuseBuiltinChange(skill, "files");

  if (rel === SKILL_FILE) {
    const { meta, text } = parseSkillFile(data);
    if (meta.slug && meta.slug !== slug) {
      throw new ApiError(
        "bad_request:skill",
        `The slug cannot be changed: SKILL.md says "${meta.slug}" but this skill is "${slug}". Remove the slug line or create a new skill.`,
      );
    }
    const previous = skill.scope === "shared" ? await withFileErrors(() => skill.folder.read(rel)) : null;
    await withFileErrors(() => skill.folder.write(rel, data));
    if (skill.scope === "shared") {
      try {
        skill.row = await updateSharedSkillContent(actor, slug, meta, text);
      } catch (err) {
        // File and row must tell the same story: put the old SKILL.md back.
        await skill.folder
          .write(rel, previous!)
          .catch((restore) => console.error("[skills] could not restore SKILL.md:", restore));
        throw err;
      }
    }
    return detailOf(actor, skill);
  }

  const files = await withFileErrors(() => skill.folder.list());
  const existing = files.find((f) => f.path === rel);
  if (!existing && files.length + 1 > limits.maxEntries) {
    throw new ApiError("too_large:skill", `A skill may have at most ${limits.maxEntries} files.`);
  }
  const total = files.reduce((sum, f) => sum + f.size, 0) - (existing?.size ?? 0) + data.length;
  if (total > limits.maxTotalBytes)
    throw new ApiError(
      "too_large:skill",
      `The skill's files would add up to more than ${formatBytes(limits.maxTotalBytes)}.`,
    );
  await withFileErrors(() => skill.folder.write(rel, data));
  if (skill.scope === "shared") skill.row = await touchSharedSkill(actor, slug);
  return detailOf(actor, skill);
}

/** Removes a file or a folder of the skill; never SKILL.md. */
export async function deleteSkillFile(
  actor: Actor,
  slug: string,
  scope: SkillScope | undefined,
  rel: string,
): Promise<void> {
  checkSkillFilePath(rel);
  if (rel === SKILL_FILE)
    throw new ApiError(
      "bad_request:skill",
      "SKILL.md cannot be deleted: it is what makes the folder a skill. Delete the skill instead.",
    );
  const skill = await locateSkill(actor, slug, scope, "manage");
  refuseBuiltinChange(skill, "files");
  await withFileErrors(() => skill.folder.remove(rel));
  if (skill.scope === "shared") await touchSharedSkill(actor, slug);
}

/** The skill as a zip that re-imports as the same skill. */
export async function exportSkill(
  actor: Actor,
  slug: string,
  scope?: SkillScope,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const skill = await locateSkill(actor, slug, scope, "read");
  const entries = await withFileErrors(() => skill.folder.list());
  // A personal folder can grow outside the skill routes: check the package limits on the
  // listed sizes before reading anything into memory.
  const limits = skillPackageLimits();
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (entries.length > limits.maxEntries || total > limits.maxTotalBytes) {
    throw new ApiError(
      "too_large:skill",
      `This skill has ${entries.length} files (${total} bytes), more than a skill may hold (${limits.maxEntries} files, ${limits.maxTotalBytes} bytes); remove files before exporting it.`,
    );
  }
  const files = new Map<string, Uint8Array>();
  for (const e of entries) files.set(e.path, await withFileErrors(() => skill.folder.read(e.path)));
  return { filename: `${slug}.zip`, bytes: skillZip(slug, files) };
}
