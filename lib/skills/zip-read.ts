import { ApiError } from "@/lib/errors/api-error";
import type { FieldIssue } from "@/lib/errors/field-issues";
import { formatBytes } from "@/lib/i18n/format-bytes";
import {
  checkZipEntry,
  extractZipEntry,
  listZipEntries,
  shownName as shown,
  isZipRefused,
  type ZipEntry,
} from "@/lib/files/zip-read";
import { zipRefusalIssues } from "@/lib/files/zip-refusal-issues";
import { isArchiveNoise, skillPathProblem } from "./file-path";
import { MAX_COMPRESSION_RATIO, RATIO_CHECK_FROM_BYTES, type SkillPackageLimits } from "./limits";

/** The files of a skill zip, keyed by their path inside the skill folder. */
export type SkillZipContents = {
  files: Map<string, Uint8Array>;
  /** The single top-level folder that was stripped. */ folderName: string | null;
};

const refused = (reason: string, issues?: FieldIssue[]) =>
  new ApiError("bad_request:skill", `The zip was refused: ${reason}`, {}, issues);
const tooLarge = (reason: string, issues?: FieldIssue[]) =>
  new ApiError("too_large:skill", `The zip was refused: ${reason}`, {}, issues);

/**
 * Reads a skill zip under the limits, refusing anything unsafe before it is stored: entries that
 * leave the folder (`..`, absolute paths, backslashes, NUL), duplicates, and whatever the bounded
 * reader refuses (lib/files/zip-read.ts: links, special files, encryption, bombs).
 * A single top-level folder is stripped; SKILL.md must then be at the root.
 */
export function readSkillZip(zip: Uint8Array, limits: SkillPackageLimits): SkillZipContents {
  if (zip.length > limits.maxZipBytes)
    throw tooLarge(`it is ${formatBytes(zip.length)}; the limit is ${formatBytes(limits.maxZipBytes)}.`);
  try {
    return stripSingleFolder(readEntries(Buffer.from(zip.buffer, zip.byteOffset, zip.length), limits));
  } catch (err) {
    // The reason also goes as a key and values, for the app to say it in the user's language.
    if (isZipRefused(err)) throw (err.tooLarge ? tooLarge : refused)(err.message, zipRefusalIssues(err));
    throw err;
  }
}

function readEntries(buf: Buffer, limits: SkillPackageLimits): Map<string, Uint8Array> {
  const zipLimits = {
    maxEntries: limits.maxEntries,
    maxFileBytes: limits.maxFileBytes,
    maxTotalBytes: limits.maxTotalBytes,
    maxRatio: MAX_COMPRESSION_RATIO,
    ratioFromBytes: RATIO_CHECK_FROM_BYTES,
  };
  let declaredTotal = 0;
  const seen = new Set<string>();
  const kept: ZipEntry[] = [];
  for (const e of listZipEntries(buf, zipLimits)) {
    const rel = e.isDir ? e.name.replace(/\/+$/, "") : e.name;
    const problem = skillPathProblem(rel);
    if (problem) throw refused(`the entry ${shown(e.name)} ${problem}.`);
    // Names equal after case folding would overwrite each other on case-insensitive volumes.
    const key = rel.normalize("NFC").toLowerCase();
    if (seen.has(key))
      throw refused(`the entry ${shown(rel)} appears twice (names that differ only in case count as the same).`);
    seen.add(key);
    if (e.isDir || isArchiveNoise(rel)) continue;
    checkZipEntry(e, zipLimits, declaredTotal, shown(rel));
    declaredTotal += e.size;
    kept.push({ ...e, name: rel });
  }
  const fileNames = new Set(kept.map((e) => e.name));
  for (const name of fileNames) {
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (fileNames.has(folder)) throw refused(`${shown(folder)} is both a file and a folder.`);
    }
  }
  return new Map(kept.map((e) => [e.name, extractZipEntry(buf, e, shown(e.name))]));
}

/** "my-skill/SKILL.md", "my-skill/a.txt" -> "SKILL.md", "a.txt" with folderName "my-skill". */
function stripSingleFolder(files: Map<string, Uint8Array>): SkillZipContents {
  const names = [...files.keys()];
  const top = names[0]?.split("/")[0];
  const single = top !== undefined && names.every((n) => n.startsWith(`${top}/`));
  const stripped = single ? new Map([...files].map(([n, data]) => [n.slice(top.length + 1), data])) : files;
  if (!stripped.has("SKILL.md")) {
    const nested = [...stripped.keys()].find((n) => n.endsWith("/SKILL.md") || n === "SKILL.md");
    throw refused(
      nested
        ? `SKILL.md must be at the top of the zip (or inside one folder), but it is at ${shown(nested)}.`
        : "it has no SKILL.md. A skill is a folder with SKILL.md at its top.",
    );
  }
  return { files: stripped, folderName: single ? top : null };
}
