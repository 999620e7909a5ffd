import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { CAN_CREATE } from "@/lib/sharing/resolve-access";
import { skillPackageLimits } from "./limits";
import { filesFromText, validateSkillPackage } from "./package";
import { createSkill } from "./manage";
import { readSkillZip } from "./zip-read";
import type { SkillScope, SkillView } from "./view";

/** Refused before any file is looked at: only administrators publish shared skills. */
function checkMayCreate(actor: Actor, scope: SkillScope) {
  if (scope === "shared" && !CAN_CREATE.skill.includes(actor.role)) {
    throw new ApiError(
      "forbidden:skill",
      "Only administrators may create shared skills. Upload it as a personal skill instead.",
    );
  }
}

/** A zip upload: checked entry by entry (see readSkillZip), then stored as one new skill. */
export async function createSkillFromZip(actor: Actor, zip: Uint8Array, scope: SkillScope): Promise<SkillView> {
  checkMayCreate(actor, scope);
  const { files, folderName } = readSkillZip(zip, skillPackageLimits());
  const pkg = validateSkillPackage(files, { folderName });
  return createSkill(actor, { pkg, scope, source: "upload" });
}

/** A skill written in the editor: text files by relative path, SKILL.md among them. */
export async function createSkillFromText(
  actor: Actor,
  input: { files: Record<string, string>; slug?: string },
  scope: SkillScope,
): Promise<SkillView> {
  checkMayCreate(actor, scope);
  const files = filesFromText(input.files, skillPackageLimits());
  const pkg = validateSkillPackage(files, { slug: input.slug });
  return createSkill(actor, { pkg, scope, source: "editor" });
}
