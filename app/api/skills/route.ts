import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/errors/api-error";
import { listManagedSkills } from "@/lib/skills/manage";
import { createSkillFromText, createSkillFromZip } from "@/lib/skills/create";
import { skillPackageLimits } from "@/lib/skills/limits";
import { isMultipart, parseScopeField, parseTextSkillBody, readSkillRequestFile } from "@/lib/skills/request";

export const dynamic = "force-dynamic";

/** Every skill the actor can see: their personal skills and the shared skills they may read or manage. */
export const GET = route({}, ({ actor }) => listManagedSkills(actor));

/** A new skill from a zip (multipart `file`, optional `scope`) or from text files (JSON `{scope?, slug?, files}`). */
export const POST = route({}, async ({ actor, req }) => {
  const limits = skillPackageLimits();
  if (isMultipart(req)) {
    const upload = await readSkillRequestFile(req, limits.maxZipBytes, "skill.zip");
    const view = await createSkillFromZip(actor, upload.bytes, parseScopeField(upload.fields.scope));
    return Response.json(view, { status: 201 });
  }
  if (!req.headers.get("content-type")?.toLowerCase().includes("application/json")) {
    throw new ApiError(
      "bad_request:skill",
      'Send a skill zip as multipart/form-data in the field "file", or its files as JSON {"files": {"SKILL.md": "..."}}.',
    );
  }
  const body = parseTextSkillBody(
    (await readSkillRequestFile(req, limits.maxTotalBytes + 64 * 1024, "skill.json")).bytes,
  );
  const view = await createSkillFromText(actor, { files: body.files, slug: body.slug }, parseScopeField(body.scope));
  return Response.json(view, { status: 201 });
});
