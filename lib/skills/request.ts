import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { describeIssues } from "@/lib/errors/field-issues";
import { readRequestFile, type RequestFile } from "@/lib/files/request-file";
import { sharingSchema } from "@/lib/sharing/types";
import { SKILL_SCOPES, type SkillScope } from "./view";
import { SKILL_SLUG, SKILL_SLUG_MAX } from "./slug";

/** Request shapes of the skills API, shared by its route files. */

export const skillParams = z.object({ slug: z.string().max(SKILL_SLUG_MAX).regex(SKILL_SLUG, "not a skill slug") });
export const scopeQuery = z.object({ scope: z.enum(SKILL_SCOPES).optional() });
export const fileQuery = scopeQuery.extend({ path: z.string().min(1).max(1024) });
export const skillPatchBody = z.object({ enabled: z.boolean().optional(), sharing: sharingSchema.optional() }).strict();

const textSkillBody = z.object({
  scope: z.enum(SKILL_SCOPES).optional(),
  slug: z.string().optional(),
  files: z.record(z.string(), z.string()),
});
export type TextSkillBody = z.infer<typeof textSkillBody>;

/** The request body as a file, with the size refusal worded for skills (413 too_large:skill). */
export async function readSkillRequestFile(req: Request, maxBytes: number, rawName: string): Promise<RequestFile> {
  try {
    return await readRequestFile(req, { maxBytes, rawName });
  } catch (err) {
    if (err instanceof ApiError && err.code === "too_large:upload") throw new ApiError("too_large:skill", err.message);
    throw err;
  }
}

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(req.headers.get("content-type") ?? "");
}

export function parseScopeField(value: string | undefined): SkillScope {
  if (value === undefined || value === "") return "personal";
  const scope = z.enum(SKILL_SCOPES).safeParse(value);
  if (!scope.success)
    throw new ApiError(
      "bad_request:skill",
      `The scope must be "personal" or "shared", not ${JSON.stringify(value.slice(0, 40))}.`,
    );
  return scope.data;
}

export function parseTextSkillBody(bytes: Buffer): TextSkillBody {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ApiError("bad_request:api", "The request body is not valid JSON.");
  }
  const parsed = textSkillBody.safeParse(json);
  if (!parsed.success) throw new ApiError("bad_request:api", describeIssues(parsed.error, "body"));
  return parsed.data;
}
