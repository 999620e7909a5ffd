import { route } from "@/lib/api/route";
import { skillPackageLimits } from "@/lib/skills/limits";
import { assertSkillFileWritable, deleteSkillFile, readSkillFile, writeSkillFile } from "@/lib/skills/skill-files";
import { fileQuery, readSkillRequestFile, skillParams } from "@/lib/skills/request";

export const dynamic = "force-dynamic";

/** One file of the skill as text (`path` is relative to the skill folder). */
export const GET = route({ params: skillParams, query: fileQuery }, async ({ actor, params, query }) => {
  const bytes = await readSkillFile(actor, params.slug, query.scope, query.path);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
});

/** Saves a file from the request body (SKILL.md is validated: 400 with the line and the reason) -> the skill with its files. */
export const PUT = route({ params: skillParams, query: fileQuery }, async ({ actor, params, query, req }) => {
  // Permission and path first: a reader never gets the server to buffer a body for nothing.
  await assertSkillFileWritable(actor, params.slug, query.scope, query.path);
  const name = query.path.slice(query.path.lastIndexOf("/") + 1);
  const file = await readSkillRequestFile(req, skillPackageLimits().maxFileBytes, name);
  return writeSkillFile(actor, params.slug, query.scope, query.path, file.bytes);
});

/** Removes a file or folder of the skill (never SKILL.md). */
export const DELETE = route({ params: skillParams, query: fileQuery }, async ({ actor, params, query }) => {
  await deleteSkillFile(actor, params.slug, query.scope, query.path);
});
