import zlib from "node:zlib";
import { Inflate } from "fflate";
import { ApiError } from "@/lib/http/errors";
import { formatBytes } from "@/lib/files/request-file";
import { isArchiveNoise, skillPathProblem } from "./file-path";
import { MAX_COMPRESSION_RATIO, RATIO_CHECK_FROM_BYTES, type SkillPackageLimits } from "./limits";

/** The files of a skill zip, keyed by their path inside the skill folder. */
export type SkillZipContents = {
  files: Map<string, Uint8Array>;
  /** The single top-level folder that was stripped. */ folderName: string | null;
};

type CentralEntry = {
  name: string;
  isDir: boolean;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const INFLATE_CHUNK = 4 * 1024;

const refused = (reason: string) => new ApiError("bad_request:skill", `The zip was refused: ${reason}`);
const tooLarge = (reason: string) => new ApiError("too_large:skill", `The zip was refused: ${reason}`);
const shown = (name: string) => JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name);

/**
 * Reads a skill zip under the limits, refusing anything unsafe before it is stored: entries that
 * leave the folder (`..`, absolute paths, backslashes, NUL), symlinks and other special files,
 * duplicates, encrypted or unknown compression, and bombs (declared sizes and ratios are checked
 * before inflating; inflating stops as soon as an entry exceeds what it declared).
 * A single top-level folder is stripped; SKILL.md must then be at the root.
 */
export function readSkillZip(zip: Uint8Array, limits: SkillPackageLimits): SkillZipContents {
  if (zip.length > limits.maxZipBytes)
    throw tooLarge(`it is ${formatBytes(zip.length)}; the limit is ${formatBytes(limits.maxZipBytes)}.`);
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.length);
  const entries = readCentralDirectory(buf, limits);

  let declaredTotal = 0;
  const seen = new Set<string>();
  const kept: CentralEntry[] = [];
  for (const e of entries) {
    const rel = e.isDir ? e.name.replace(/\/+$/, "") : e.name;
    const problem = skillPathProblem(rel);
    if (problem) throw refused(`the entry ${shown(e.name)} ${problem}.`);
    // Names equal after case folding would overwrite each other on case-insensitive volumes.
    const key = rel.normalize("NFC").toLowerCase();
    if (seen.has(key))
      throw refused(`the entry ${shown(rel)} appears twice (names that differ only in case count as the same).`);
    seen.add(key);
    if (e.isDir || isArchiveNoise(rel)) continue;
    if (e.flags & 0x1) throw refused(`the entry ${shown(rel)} is encrypted; upload an unencrypted zip.`);
    if (e.method !== 0 && e.method !== 8)
      throw refused(
        `the entry ${shown(rel)} uses an unsupported compression method (${e.method}); use standard (deflate) zip.`,
      );
    if (e.size > limits.maxFileBytes)
      throw tooLarge(
        `the file ${shown(rel)} is ${formatBytes(e.size)}; one file may be at most ${formatBytes(limits.maxFileBytes)}.`,
      );
    if (e.size >= RATIO_CHECK_FROM_BYTES && e.size > e.compressedSize * MAX_COMPRESSION_RATIO) {
      throw refused(
        `the entry ${shown(rel)} expands ${Math.round(e.size / Math.max(1, e.compressedSize))} times; that looks like a zip bomb.`,
      );
    }
    declaredTotal += e.size;
    if (declaredTotal > limits.maxTotalBytes)
      throw tooLarge(`its files add up to more than ${formatBytes(limits.maxTotalBytes)} uncompressed.`);
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

  const files = new Map<string, Uint8Array>();
  for (const e of kept) files.set(e.name, extract(buf, e));
  return stripSingleFolder(files);
}

function readCentralDirectory(buf: Buffer, limits: SkillPackageLimits): CentralEntry[] {
  const eocd = findEndOfCentralDirectory(buf);
  if (eocd < 0) throw refused("this is not a zip file (or it is damaged).");
  const disk = buf.readUInt16LE(eocd + 4);
  const cdDisk = buf.readUInt16LE(eocd + 6);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (disk !== 0 || cdDisk !== 0) throw refused("multi-part (spanned) zips are not supported.");
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff)
    throw refused("ZIP64 archives are not supported; a skill is never that large.");
  if (count > limits.maxEntries) throw tooLarge(`it has ${count} entries; at most ${limits.maxEntries} are allowed.`);
  if (cdOffset + cdSize > eocd) throw refused("its table of contents is damaged.");

  const entries: CentralEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) throw refused("its table of contents is damaged.");
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
    if (nameEnd > eocd) throw refused("its table of contents is damaged.");
    const name = decodeName(buf.subarray(p + 46, nameEnd), flags);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) {
      throw refused("ZIP64 archives are not supported; a skill is never that large.");
    }
    const unixType = (external >>> 16) & S_IFMT;
    if (unixType === S_IFLNK)
      throw refused(`the entry ${shown(name)} is a symbolic link; links are not allowed in skills.`);
    // Unix hosts (3) and macOS (19) keep the file type in the high bits; anything but a file or folder is refused.
    if ((hostOs === 3 || hostOs === 19) && unixType !== 0 && unixType !== S_IFREG && unixType !== S_IFDIR) {
      throw refused(`the entry ${shown(name)} is not a regular file.`);
    }
    const isDir = name.endsWith("/") || unixType === S_IFDIR || (hostOs === 0 && (external & 0x10) !== 0);
    entries.push({ name, isDir, method, flags, crc, compressedSize, size, localOffset });
    p = nameEnd + extraLength + commentLength;
  }
  return entries;
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
    if (flags & 0x800) throw refused("an entry name is not valid UTF-8.");
    return bytes.toString("latin1");
  }
}

function extract(buf: Buffer, e: CentralEntry): Uint8Array {
  const at = e.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw refused(`the entry ${shown(e.name)} is damaged.`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + e.compressedSize;
  if (end > buf.length) throw refused(`the entry ${shown(e.name)} is damaged (truncated).`);
  const data = buf.subarray(start, end);
  const out = e.method === 0 ? new Uint8Array(data) : inflateBounded(data, e);
  if (out.length !== e.size) {
    if (out.length > e.size)
      throw refused(
        `the entry ${shown(e.name)} holds more than the ${e.size} bytes it declares; that looks like a zip bomb.`,
      );
    throw refused(`the entry ${shown(e.name)} is damaged (size mismatch).`);
  }
  if (zlib.crc32(out) >>> 0 !== e.crc >>> 0)
    throw refused(`the entry ${shown(e.name)} is damaged (checksum mismatch).`);
  return out;
}

/** Inflates in small chunks and stops as soon as the output passes the declared size. */
function inflateBounded(data: Uint8Array, e: CentralEntry): Uint8Array {
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
    if (err === overflow)
      throw refused(
        `the entry ${shown(e.name)} holds more than the ${e.size} bytes it declares; that looks like a zip bomb.`,
      );
    throw refused(`the entry ${shown(e.name)} is damaged (it does not decompress).`);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
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
