import zlib from "node:zlib";
import { Inflate } from "fflate";
import { formatBytes } from "@/lib/i18n/format-bytes";

/**
 * The one zip reader for untrusted archives (skill packages, knowledge-base uploads, the inside of
 * a .docx): it reads the central directory itself and refuses before inflating anything that is
 * unsafe or could expand without bound: too many entries, declared sizes over the caps, a ratio
 * over `maxRatio` (against max(1, compressed size), so a declared compressed size of 0 is no way
 * round it), ZIP64, spanned archives, encryption, unknown methods, links and special files.
 * Inflating stops as soon as an entry passes what it declared; sizes and checksums are compared.
 */
export type ZipLimits = {
  maxEntries: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  /** Entries smaller than this are not ratio-checked: tiny files of one repeated byte are fine. */
  ratioFromBytes: number;
};

export type ZipEntry = {
  name: string;
  isDir: boolean;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

/**
 * Why a zip was refused, for the client to say in the user's language: a key (`zipRefusals.<key>`
 * in messages/*.json) and its values. Names are already quoted (shownName), sizes formatted.
 */
export type ZipRefusal = { key: ZipRefusalKey; values: Record<string, string | number> };

/** The English wording of each refusal, to follow "The zip was refused: ". */
const ENGLISH = {
  notZip: () => "this is not a zip file (or it is damaged).",
  spanned: () => "multi-part (spanned) zips are not supported.",
  zip64: () => "ZIP64 archives are not supported.",
  tooManyEntries: (v) => `it has ${v.count} entries; at most ${v.max} are allowed.`,
  tocDamaged: () => "its table of contents is damaged.",
  link: (v) => `the entry ${v.name} is a symbolic link; links are not allowed.`,
  special: (v) => `the entry ${v.name} is not a regular file.`,
  nameNotUtf8: () => "an entry name is not valid UTF-8.",
  encrypted: (v) => `the entry ${v.name} is encrypted; upload an unencrypted zip.`,
  method: (v) =>
    `the entry ${v.name} uses an unsupported compression method (${v.method}); use standard (deflate) zip.`,
  fileTooLarge: (v) => `the file ${v.name} is ${v.size}; one file may be at most ${v.max}.`,
  ratio: (v) => `the entry ${v.name} expands ${v.ratio} times; that looks like a zip bomb.`,
  totalTooLarge: (v) => `its files add up to more than ${v.max} uncompressed.`,
  damaged: (v) => `the entry ${v.name} is damaged${v.detail ? ` (${v.detail})` : ""}.`,
  overDeclared: (v) =>
    `the entry ${v.name} holds more than the ${v.size} bytes it declares; that looks like a zip bomb.`,
} satisfies Record<string, (values: Record<string, string | number>) => string>;

export type ZipRefusalKey = keyof typeof ENGLISH;
export const ZIP_REFUSAL_KEYS = Object.keys(ENGLISH) as ZipRefusalKey[];

/** A refusal, worded in English to follow "The zip was refused: "; `tooLarge` when a size limit was passed (413). */
export class ZipRefused extends Error {
  readonly name = "ZipRefused";
  readonly reason: ZipRefusal;
  constructor(
    key: ZipRefusalKey,
    values: Record<string, string | number> = {},
    readonly tooLarge = false,
  ) {
    super(ENGLISH[key](values));
    this.reason = { key, values };
  }
}

/**
 * By name, not `instanceof`: Next bundles each route apart, and a refusal revived by the worker
 * runner (shared on globalThis) may come from another bundle's copy of this class.
 */
export const isZipRefused = (err: unknown): err is ZipRefused => err instanceof Error && err.name === "ZipRefused";

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const INFLATE_CHUNK = 4 * 1024;

export const shownName = (name: string) => JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name);

/** Every entry of the central directory, refusing what the format allows but a safe reader must not. */
export function listZipEntries(buf: Buffer, limits: Pick<ZipLimits, "maxEntries">): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(buf);
  if (eocd < 0) throw new ZipRefused("notZip");
  const disk = buf.readUInt16LE(eocd + 4);
  const cdDisk = buf.readUInt16LE(eocd + 6);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (disk !== 0 || cdDisk !== 0) throw new ZipRefused("spanned");
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw new ZipRefused("zip64");
  if (count > limits.maxEntries) throw new ZipRefused("tooManyEntries", { count, max: limits.maxEntries }, true);
  if (cdOffset + cdSize > eocd) throw new ZipRefused("tocDamaged");

  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) throw new ZipRefused("tocDamaged");
    const hostOs = buf.readUInt8(p + 5);
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    const localOffset = buf.readUInt32LE(p + 42);
    const nameEnd = p + 46 + nameLength;
    if (nameEnd > eocd) throw new ZipRefused("tocDamaged");
    const name = decodeName(buf.subarray(p + 46, nameEnd), flags);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipRefused("zip64");
    const unixType = (external >>> 16) & S_IFMT;
    if (unixType === S_IFLNK) throw new ZipRefused("link", { name: shownName(name) });
    // Unix hosts (3) and macOS (19) keep the file type in the high bits; anything but a file or folder is refused.
    if ((hostOs === 3 || hostOs === 19) && unixType !== 0 && unixType !== S_IFREG && unixType !== S_IFDIR)
      throw new ZipRefused("special", { name: shownName(name) });
    const isDir = name.endsWith("/") || unixType === S_IFDIR || (hostOs === 0 && (external & 0x10) !== 0);
    entries.push({ name, isDir, method, flags, crc, compressedSize, size, localOffset });
    p = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses a file entry that cannot be read safely, before any byte of it is inflated. `shown` is
 * how the message names it; `total` is the declared size of the entries accepted before it.
 */
export function checkZipEntry(e: ZipEntry, limits: ZipLimits, total: number, shown = shownName(e.name)): void {
  if (e.flags & 0x1) throw new ZipRefused("encrypted", { name: shown });
  if (e.method !== 0 && e.method !== 8) throw new ZipRefused("method", { name: shown, method: e.method });
  if (e.size > limits.maxFileBytes)
    throw new ZipRefused(
      "fileTooLarge",
      { name: shown, size: formatBytes(e.size), max: formatBytes(limits.maxFileBytes) },
      true,
    );
  if (e.size >= limits.ratioFromBytes && e.size > Math.max(1, e.compressedSize) * limits.maxRatio)
    throw new ZipRefused("ratio", { name: shown, ratio: Math.round(e.size / Math.max(1, e.compressedSize)) });
  if (total + e.size > limits.maxTotalBytes)
    throw new ZipRefused("totalTooLarge", { max: formatBytes(limits.maxTotalBytes) }, true);
}

/** The bytes of one checked entry: exactly as many as it declared, with a matching checksum. */
export function extractZipEntry(buf: Buffer, e: ZipEntry, shown = shownName(e.name)): Uint8Array {
  const at = e.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw new ZipRefused("damaged", { name: shown });
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + e.compressedSize;
  if (end > buf.length) throw new ZipRefused("damaged", { name: shown, detail: "truncated" });
  const data = buf.subarray(start, end);
  const out = e.method === 0 ? new Uint8Array(data) : inflateBounded(data, e, shown);
  if (out.length !== e.size) {
    if (out.length > e.size) throw new ZipRefused("overDeclared", { name: shown, size: e.size });
    throw new ZipRefused("damaged", { name: shown, detail: "size mismatch" });
  }
  if (zlib.crc32(out) >>> 0 !== e.crc >>> 0)
    throw new ZipRefused("damaged", { name: shown, detail: "checksum mismatch" });
  return out;
}

/**
 * Checks and extracts the file entries `keep` selects (all by default), in order: the whole
 * archive is refused at the first problem, so nothing is half-read.
 */
export function readZipFiles(
  zip: Uint8Array,
  limits: ZipLimits,
  keep: (e: ZipEntry) => boolean = () => true,
): Map<string, Uint8Array> {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.length);
  const kept: ZipEntry[] = [];
  let total = 0;
  for (const e of listZipEntries(buf, limits)) {
    if (e.isDir || !keep(e)) continue;
    checkZipEntry(e, limits, total);
    total += e.size;
    kept.push(e);
  }
  return new Map(kept.map((e) => [e.name, extractZipEntry(buf, e)]));
}

function findEndOfCentralDirectory(buf: Buffer): number {
  const last = buf.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE && i + 22 + buf.readUInt16LE(i + 20) === buf.length) return i;
  }
  return -1;
}

/** UTF-8 when the zip says so or the bytes are valid UTF-8 (macOS does not set the flag); else Latin-1. */
function decodeName(bytes: Buffer, flags: number): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    if (flags & 0x800) throw new ZipRefused("nameNotUtf8");
    return bytes.toString("latin1");
  }
}

/** Inflates in small chunks and stops as soon as the output passes the declared size. */
function inflateBounded(data: Uint8Array, e: ZipEntry, shown: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const overflow = new Error("overflow");
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > e.size) throw overflow;
    chunks.push(chunk);
  });
  try {
    for (let i = 0; i < data.length; i += INFLATE_CHUNK) {
      inflater.push(data.subarray(i, i + INFLATE_CHUNK), i + INFLATE_CHUNK >= data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    if (err === overflow) throw new ZipRefused("overDeclared", { name: shown, size: e.size });
    throw new ZipRefused("damaged", { name: shown, detail: "it does not decompress" });
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
