import path from "node:path";
import { unzipSync } from "fflate";
import { ApiError } from "@/lib/http/errors";
import { formatBytes, type RequestFile } from "@/lib/files/request-file";
import { cleanFileName } from "@/lib/files/upload";
import { isArchiveNoise } from "@/lib/skills/file-path";
import { kbFormatOf, SUPPORTED_EXTENSIONS } from "./parse/formats";

/** What one upload request may add to a knowledge base. */
export const KB_UPLOAD_LIMITS = {
  maxFilesPerRequest: 50,
  maxZipEntries: 500,
  maxZipTotalBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 200,
};

export type IncomingDocument = { name: string; bytes: Uint8Array };

const unsupported = (name: string) =>
  new ApiError(
    "bad_request:kb",
    `"${name}" is not a supported document. Upload ${SUPPORTED_EXTENSIONS.join(", ")} files or a zip of them.`,
  );

/**
 * The documents an upload carries: each supported file as it is, each zip expanded into its
 * supported files (folders flattened into the name, other entries skipped). Anything else, or a
 * zip with nothing usable, refuses the whole request before anything is stored.
 */
export function documentsOf(files: RequestFile[], maxFileBytes: number): IncomingDocument[] {
  const out: IncomingDocument[] = [];
  for (const file of files) {
    const name = cleanFileName(file.name) || "document";
    if (path.extname(name).toLowerCase() === ".zip") {
      const expanded = expandZip(name, file.bytes, maxFileBytes);
      if (expanded.length === 0) throw new ApiError("bad_request:kb", `"${name}" holds no supported documents.`);
      out.push(...expanded);
    } else if (kbFormatOf(name)) out.push({ name, bytes: file.bytes });
    else throw unsupported(name);
  }
  return out;
}

function expandZip(zipName: string, bytes: Uint8Array, maxFileBytes: number): IncomingDocument[] {
  const { maxZipEntries, maxZipTotalBytes, maxCompressionRatio } = KB_UPLOAD_LIMITS;
  let entries = 0;
  let declared = 0;
  let problem: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith("/") || isArchiveNoise(f.name) || !kbFormatOf(f.name)) return false;
        entries++;
        declared += f.originalSize;
        if (entries > maxZipEntries) problem = `it has more than ${maxZipEntries} documents`;
        else if (f.originalSize > maxFileBytes) problem = `"${f.name}" is larger than ${formatBytes(maxFileBytes)}`;
        else if (declared > maxZipTotalBytes) problem = `it expands to more than ${formatBytes(maxZipTotalBytes)}`;
        else if (f.size > 0 && f.originalSize / f.size > maxCompressionRatio)
          problem = `"${f.name}" is compressed suspiciously well`;
        return problem === null;
      },
    });
  } catch {
    throw new ApiError("bad_request:kb", `"${zipName}" is not a readable zip archive.`);
  }
  if (problem) throw new ApiError("bad_request:kb", `"${zipName}" was refused: ${problem}.`);
  const total = Object.values(files).reduce((n, b) => n + b.byteLength, 0);
  if (total > maxZipTotalBytes) throw new ApiError("bad_request:kb", `"${zipName}" was refused: it expands too far.`);
  return Object.entries(files)
    .filter(([name]) => !name.split("/").includes(".."))
    .map(([name, data]) => ({
      name: cleanFileName(name.split("/").filter(Boolean).join(" - ")) || "document",
      bytes: data,
    }));
}
