import zlib from "node:zlib";
import { deflateSync } from "fflate";

/**
 * Hand-built zips for tests (unit and e2e), including ones no well-behaved zip tool writes:
 * traversal names, symlinks, lying sizes, duplicates.
 */
export type FixtureEntry = {
  name: string;
  data?: Uint8Array | string;
  /** 8 = deflate (default), 0 = stored. */
  method?: 0 | 8;
  /** The uncompressed size written in the headers (default: the real one). */
  declaredSize?: number;
  /** The compressed size written in the central directory (default: the real one); the local header keeps the real one. */
  declaredCompressedSize?: number;
  /** Unix mode for the high 16 bits of the external attributes (host OS Unix), e.g. 0o120777 for a symlink. */
  unixMode?: number;
};

export function buildZip(entries: FixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === "string" ? Buffer.from(e.data) : Buffer.from(e.data ?? new Uint8Array(0));
    const method = e.method ?? 8;
    const body = method === 8 ? Buffer.from(deflateSync(raw)) : raw;
    const name = Buffer.from(e.name);
    const crc = zlib.crc32(raw);
    const size = e.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.declaredCompressedSize ?? body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(e.unixMode === undefined ? 0 : (e.unixMode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function skillMarkdown(name: string, description = `${name} does one thing well.`, extra = ""): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nFollow these steps.\n`;
}

const MiB = 1024 * 1024;

/** The refusals every skill upload must make, with a word the message must contain. */
export const MALICIOUS_ZIPS: { label: string; zip: () => Buffer; message: RegExp; status: 400 | 413 }[] = [
  {
    label: "a traversal entry",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "../../etc/evil.txt", data: "x" },
      ]),
    message: /outside the skill folder/,
    status: 400,
  },
  {
    label: "an absolute path",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "/etc/passwd", data: "x" },
      ]),
    message: /absolute path/,
    status: 400,
  },
  {
    label: "a backslash path",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "..\\..\\evil.txt", data: "x" },
      ]),
    message: /backslashes/,
    status: 400,
  },
  {
    label: "a symlink",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "passwd", data: "/etc/passwd", unixMode: 0o120777 },
      ]),
    message: /symbolic link/,
    status: 400,
  },
  {
    label: "a zip bomb (declared size)",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "zeros.bin", data: new Uint8Array(60 * MiB) },
      ]),
    message: /one file may be at most|add up to more than/,
    status: 413,
  },
  {
    label: "a zip bomb (high ratio)",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "zeros.bin", data: new Uint8Array(5 * MiB) },
      ]),
    message: /zip bomb/,
    status: 400,
  },
  {
    label: "a zip bomb (lying header)",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "small.txt", data: new Uint8Array(8 * MiB), declaredSize: 100 },
      ]),
    message: /holds more than the 100 bytes it declares/,
    status: 400,
  },
  {
    label: "a duplicate entry",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "SKILL.md", data: skillMarkdown("Other") },
      ]),
    message: /appears twice/,
    status: 400,
  },
  {
    label: "a NUL in a name",
    zip: () =>
      buildZip([
        { name: "SKILL.md", data: skillMarkdown("Evil") },
        { name: "a\u0000.txt", data: "x" },
      ]),
    message: /control characters/,
    status: 400,
  },
  {
    label: "no SKILL.md",
    zip: () => buildZip([{ name: "README.md", data: "# hi" }]),
    message: /no SKILL\.md/,
    status: 400,
  },
];
