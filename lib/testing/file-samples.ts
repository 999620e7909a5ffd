import zlib from "node:zlib";

/**
 * Small real files for upload and serving tests: valid headers (and whole files where they are
 * tiny), built here so no binary fixtures live in the repository.
 */

/** A stored (uncompressed) zip archive of the given entries. */
export function zipOf(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
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

/** An Office Open XML package: [Content_Types].xml naming the main part, and that part. */
function officeOf(mainType: string, mainPart: string): Buffer {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${mainPart}" ContentType="application/vnd.openxmlformats-officedocument.${mainType}.main+xml"/></Types>`;
  return zipOf([["[Content_Types].xml", types], [mainPart, "<?xml version=\"1.0\"?><root/>"]]);
}

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

export const SAMPLES = {
  /** A complete 1x1 PNG. */
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  jpeg: hex("ffd8ffe0 0010 4a464946 00 0101 0000 0001 0001 0000 ffd9"),
  /** A complete 1x1 GIF. */
  gif: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
  webp: Buffer.concat([Buffer.from("RIFF"), hex("1a000000"), Buffer.from("WEBPVP8 "), Buffer.alloc(14)]),
  pdf: Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1"),
  docx: officeOf("wordprocessingml.document", "word/document.xml"),
  xlsx: officeOf("spreadsheetml.sheet", "xl/workbook.xml"),
  pptx: officeOf("presentationml.presentation", "ppt/presentation.xml"),
  zip: zipOf([["hello.txt", "hello"]]),
  wav: Buffer.concat([Buffer.from("RIFF"), hex("24000000"), Buffer.from("WAVEfmt "), Buffer.alloc(24)]),
  ogg: Buffer.concat([Buffer.from("OggS"), Buffer.alloc(24), Buffer.from("\x01vorbis", "latin1"), Buffer.alloc(20)]),
  mp4: Buffer.concat([hex("00000018"), Buffer.from("ftypisom"), hex("00000200"), Buffer.from("isomiso2"), Buffer.alloc(16)]),
  webm: hex("1a45dfa3 9f 4286 81 01 42f7 81 01 42f2 81 04 42f3 81 08 4282 84 7765626d 4287 81 02 4285 81 02 18538067 01"),
  /** An x86-64 ELF header (what a Linux executable starts with). */
  elf: Buffer.concat([hex("7f454c46 02 01 01 00 0000000000000000 0200 3e00 01000000"), Buffer.alloc(40)]),
  /** A DOS/PE executable header. */
  exe: Buffer.concat([Buffer.from("MZ"), hex("9000 0300 0000 0400 0000 ffff 0000"), Buffer.alloc(48), hex("80000000"), Buffer.alloc(64, 0x90)]),
  bmp: Buffer.concat([Buffer.from("BM"), hex("46000000 0000 0000 36000000 28000000 01000000 01000000 0100 1800"), Buffer.alloc(32)]),
  /** A legacy OLE compound file (.doc/.xls) header. */
  cfb: Buffer.concat([hex("d0cf11e0a1b11ae1"), Buffer.alloc(504)]),
  text: Buffer.from("Quarterly notes\nline two — with UTF-8 ✓\n"),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
  html: Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
  /** Bytes with no signature that are not UTF-8 either. */
  randomBinary: Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 0x80) & 0xff)),
};
