import { ApiError } from "@/lib/errors/api-error";
import { dropRest } from "@/lib/http/drop-rest";
import { formatBytes } from "@/lib/i18n/format-bytes";

export const DEFAULT_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** UPLOAD_MAX_BYTES (a positive integer), else 25 MiB. */
export function uploadMaxBytes(): number {
  const n = Number(process.env.UPLOAD_MAX_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_UPLOAD_MAX_BYTES;
}

export type RequestFile = {
  /** The name the client gave (unsanitised; metadata only). */
  name: string;
  bytes: Buffer;
  /** The type the client declared ("" when none or generic). */
  declaredType: string;
  /** Other multipart text fields. */
  fields: Record<string, string>;
};

/**
 * The file of a request: multipart field `file`, or the raw body (named by `rawName`). The
 * size limit is checked on Content-Length before reading and on the bytes actually received.
 */
export async function readRequestFile(
  req: Request,
  opts: { maxBytes: number; rawName?: string },
): Promise<RequestFile> {
  const contentType = req.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data\s*;/i.test(contentType);
  const limit = multipart ? opts.maxBytes + MULTIPART_OVERHEAD : opts.maxBytes;
  const declaredLength = Number(req.headers.get("content-length"));
  if (Number.isFinite(declaredLength) && declaredLength > limit) throw tooLarge(opts.maxBytes);
  const body = await readCapped(req.body, limit, opts.maxBytes);

  if (!multipart) {
    if (!opts.rawName)
      throw new ApiError("bad_request:upload", 'Send the file as multipart/form-data in the field "file".');
    const declaredType = contentType.split(";")[0].trim().toLowerCase();
    return {
      name: opts.rawName,
      bytes: body,
      declaredType: declaredType === "application/octet-stream" ? "" : declaredType,
      fields: {},
    };
  }

  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("bad_request:upload", "The multipart body could not be read.");
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new ApiError("bad_request:upload", 'Send the file in the multipart field "file".');
  if (file.size > opts.maxBytes) throw tooLarge(opts.maxBytes);
  return {
    name: file.name,
    bytes: Buffer.from(await file.arrayBuffer()),
    declaredType: file.type,
    fields: textFields(form),
  };
}

function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * Every file of a multipart request's repeatable field `file`. `maxBytes` caps the whole body
 * (checked on Content-Length before reading and on the bytes received); `maxFiles` the count.
 */
export async function readRequestFiles(
  req: Request,
  opts: { maxBytes: number; maxFiles: number },
): Promise<RequestFile[]> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new ApiError("bad_request:upload", 'Send the files as multipart/form-data in the repeatable field "file".');
  const limit = opts.maxBytes + MULTIPART_OVERHEAD;
  const declaredLength = Number(req.headers.get("content-length"));
  if (Number.isFinite(declaredLength) && declaredLength > limit) throw tooLarge(opts.maxBytes);
  const body = await readCapped(req.body, limit, opts.maxBytes);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("bad_request:upload", "The multipart body could not be read.");
  }
  const files = form.getAll("file").filter((f): f is File => f instanceof File);
  if (files.length === 0)
    throw new ApiError("bad_request:upload", 'Send at least one file in the multipart field "file".');
  if (files.length > opts.maxFiles)
    throw new ApiError("bad_request:upload", `Send at most ${opts.maxFiles} files at once.`);
  const fields = textFields(form);
  return Promise.all(
    files.map(async (f) => ({ name: f.name, bytes: Buffer.from(await f.arrayBuffer()), declaredType: f.type, fields })),
  );
}

async function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number, maxBytes: number): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await dropRest(reader);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError("too_large:upload", `The file is larger than the upload limit of ${formatBytes(maxBytes)}.`);
}
