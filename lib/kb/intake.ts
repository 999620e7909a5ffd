import path from "node:path";
import { ApiError } from "@/lib/errors/api-error";
import type { RequestFile } from "@/lib/files/request-file";
import { formatBytes } from "@/lib/i18n/format-bytes";
import { cleanFileName } from "@/lib/files/upload";
import { isZipRefused } from "@/lib/files/zip-read";
import { zipRefusalIssues } from "@/lib/files/zip-refusal-issues";
import { positiveIntFromEnv } from "@/lib/config/env-number";
import { kbFormatOf, SUPPORTED_EXTENSIONS } from "./parse/formats";
import { isParseFailure } from "./parse/parse-failure";
import { unzipDocumentsInWorker } from "./parse/parse-in-worker";

const MiB = 1024 * 1024;

/** What one upload request may add to a knowledge base (README "Limits"). */
export const KB_UPLOAD_LIMITS = {
  maxFilesPerRequest: 50,
  maxZipEntries: 500,
  maxCompressionRatio: 200,
  /** Entries from this size on are ratio-checked; documents never expand 200 times. */
  ratioCheckFromBytes: 64 * 1024,
};

/** KB_UPLOAD_MAX_EXPANDED_BYTES, else 200 MiB: every document of one request together, zips expanded. */
function maxExpandedBytesPerRequest(): number {
  return positiveIntFromEnv("KB_UPLOAD_MAX_EXPANDED_BYTES", 200 * MiB);
}

export type IncomingDocument = { name: string; bytes: Uint8Array };

const unsupported = (name: string) =>
  new ApiError(
    "bad_request:kb",
    `"${name}" is not a supported document. Upload ${SUPPORTED_EXTENSIONS.join(", ")} files or a zip of them.`,
  );

/**
 * The documents an upload carries: each supported file as it is, each zip expanded into its
 * supported files (folders flattened into the name, other entries skipped) by the bounded zip
 * reader in the parsing worker. Anything else, a zip it refuses or with nothing usable, or more
 * than the request's expanded-bytes cap refuses the whole request before anything is stored.
 */
export async function documentsOf(files: RequestFile[], maxFileBytes: number): Promise<IncomingDocument[]> {
  const out: IncomingDocument[] = [];
  const maxTotal = maxExpandedBytesPerRequest();
  let total = 0;
  for (const file of files) {
    const name = cleanFileName(file.name) || "document";
    const docs =
      path.extname(name).toLowerCase() === ".zip"
        ? await expandZip(name, file.bytes, { maxFileBytes, maxTotalBytes: maxTotal - total })
        : kbFormatOf(name)
          ? [{ name, bytes: file.bytes }]
          : null;
    if (!docs) throw unsupported(name);
    total += docs.reduce((n, d) => n + d.bytes.byteLength, 0);
    if (total > maxTotal)
      throw new ApiError(
        "too_large:upload",
        `These documents add up to more than ${formatBytes(maxTotal)}; upload them in several parts.`,
      );
    out.push(...docs);
  }
  return out;
}

async function expandZip(
  zipName: string,
  bytes: Uint8Array,
  caps: { maxFileBytes: number; maxTotalBytes: number },
): Promise<IncomingDocument[]> {
  let files: Map<string, Uint8Array>;
  try {
    files = await unzipDocumentsInWorker(bytes, {
      maxEntries: KB_UPLOAD_LIMITS.maxZipEntries,
      maxFileBytes: caps.maxFileBytes,
      maxTotalBytes: Math.max(0, caps.maxTotalBytes),
      maxRatio: KB_UPLOAD_LIMITS.maxCompressionRatio,
      ratioFromBytes: KB_UPLOAD_LIMITS.ratioCheckFromBytes,
    });
  } catch (err) {
    if (isZipRefused(err)) {
      const [message, issues] = [`"${zipName}" was refused: ${err.message}`, zipRefusalIssues(err, zipName)];
      throw err.tooLarge
        ? new ApiError("too_large:upload", message, {}, issues)
        : new ApiError("bad_request:kb", message, {}, issues);
    }
    if (isParseFailure(err)) throw new ApiError("bad_request:kb", `"${zipName}" was refused: ${err.message}`);
    throw err;
  }
  const docs = [...files]
    .filter(([name]) => !name.split("/").includes(".."))
    .map(([name, data]) => ({
      name: cleanFileName(name.split("/").filter(Boolean).join(" - ")) || "document",
      bytes: data,
    }));
  if (docs.length === 0) throw new ApiError("bad_request:kb", `"${zipName}" holds no supported documents.`);
  return docs;
}
