import { ApiError } from "@/lib/errors/api-error";
import { formatBytes } from "@/lib/i18n/format-bytes";
import { describeRefusal, parseSkillMarkdown, type SkillMeta } from "./front-matter";
import { isArchiveNoise, skillPathProblem } from "./file-path";
import { isSkillSlug, slugify } from "./slug";
import type { SkillPackageLimits } from "./limits";

export const SKILL_FILE = "SKILL.md";

/** A validated skill: its slug, its front matter and every file (SKILL.md included), keyed by relative path. */
export type SkillPackage = { slug: string; meta: SkillMeta; files: Map<string, Uint8Array> };

const badRequest = (message: string) => new ApiError("bad_request:skill", message);

/** SKILL.md text, validated: 400 with the line and the reason when its front matter is refused. */
export function parseSkillFile(bytes: Uint8Array): { meta: SkillMeta; text: string } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("SKILL.md is not UTF-8 text.");
  }
  const parsed = parseSkillMarkdown(text);
  if (!parsed.ok) throw badRequest(describeRefusal(parsed));
  return { meta: parsed.meta, text };
}

/**
 * Checks a set of files as one skill and settles its slug: the front matter's `slug`, else the
 * slug the client named, else one made from the folder name, else from the skill's name.
 */
export function validateSkillPackage(
  files: Map<string, Uint8Array>,
  hints: { slug?: string; folderName?: string | null },
): SkillPackage {
  const skillMd = files.get(SKILL_FILE);
  if (!skillMd) throw badRequest("A skill needs a SKILL.md file at the top of its folder.");
  const { meta } = parseSkillFile(skillMd);
  if (hints.slug !== undefined && !isSkillSlug(hints.slug)) {
    throw badRequest(
      `"${hints.slug}" is not a valid skill slug: use lowercase letters and digits joined by single hyphens.`,
    );
  }
  if (meta.slug && hints.slug && meta.slug !== hints.slug) {
    throw badRequest(`SKILL.md names the slug "${meta.slug}" but the request names "${hints.slug}"; make them match.`);
  }
  const slug = meta.slug ?? hints.slug ?? (hints.folderName ? slugify(hints.folderName) : null) ?? slugify(meta.name);
  if (!slug)
    throw badRequest(
      "No slug could be made from the skill's name; add a line `slug: <lowercase-words>` to the front matter of SKILL.md.",
    );
  return { slug, meta, files };
}

/** Files sent as JSON text ({path: content}), checked against the same rules and limits as a zip. */
export function filesFromText(input: Record<string, string>, limits: SkillPackageLimits): Map<string, Uint8Array> {
  const entries = Object.entries(input);
  if (entries.length > limits.maxEntries) {
    throw new ApiError(
      "too_large:skill",
      `A skill may have at most ${limits.maxEntries} files; this one has ${entries.length}.`,
    );
  }
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const [rel, text] of entries) {
    checkSkillFilePath(rel);
    if (isArchiveNoise(rel)) continue;
    const bytes = Buffer.from(text, "utf8");
    checkFileSize(rel, bytes.length, limits);
    total += bytes.length;
    if (total > limits.maxTotalBytes)
      throw new ApiError(
        "too_large:skill",
        `The skill's files add up to more than ${formatBytes(limits.maxTotalBytes)}.`,
      );
    files.set(rel, bytes);
  }
  const names = new Set(files.keys());
  for (const rel of names) {
    const parts = rel.split("/");
    for (let i = 1; i < parts.length; i++) {
      if (names.has(parts.slice(0, i).join("/")))
        throw badRequest(`"${parts.slice(0, i).join("/")}" is both a file and a folder.`);
    }
  }
  return files;
}

/** 400 naming the path and the reason when `rel` cannot name a file inside a skill. */
export function checkSkillFilePath(rel: string): void {
  const problem = skillPathProblem(rel);
  if (problem) throw badRequest(`The file path ${JSON.stringify(rel.slice(0, 120))} ${problem}.`);
}

export function checkFileSize(rel: string, size: number, limits: SkillPackageLimits): void {
  if (size > limits.maxFileBytes) {
    throw new ApiError(
      "too_large:skill",
      `The file "${rel}" is ${formatBytes(size)}; one file may be at most ${formatBytes(limits.maxFileBytes)}.`,
    );
  }
}
