import { buildZip } from "./zip-fixtures";

/**
 * Small real files for upload and serving tests: valid headers (and whole files where they are
 * tiny), built here so no binary fixtures live in the repository.
 */

/** A stored (uncompressed) zip archive of the given entries. */
export function zipOf(entries: [name: string, content: string][]): Buffer {
  return buildZip(entries.map(([name, data]) => ({ name, data, method: 0 })));
}

/** An Office Open XML package: [Content_Types].xml naming the main part, and that part. */
function officeOf(mainType: string, mainPart: string): Buffer {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${mainPart}" ContentType="application/vnd.openxmlformats-officedocument.${mainType}.main+xml"/></Types>`;
  return zipOf([
    ["[Content_Types].xml", types],
    [mainPart, '<?xml version="1.0"?><root/>'],
  ]);
}

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

export const SAMPLES = {
  /** A complete 1x1 PNG. */
  png: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
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
  mp4: Buffer.concat([
    hex("00000018"),
    Buffer.from("ftypisom"),
    hex("00000200"),
    Buffer.from("isomiso2"),
    Buffer.alloc(16),
  ]),
  webm: hex(
    "1a45dfa3 9f 4286 81 01 42f7 81 01 42f2 81 04 42f3 81 08 4282 84 7765626d 4287 81 02 4285 81 02 18538067 01",
  ),
  /** An x86-64 ELF header (what a Linux executable starts with). */
  elf: Buffer.concat([hex("7f454c46 02 01 01 00 0000000000000000 0200 3e00 01000000"), Buffer.alloc(40)]),
  /** A DOS/PE executable header. */
  exe: Buffer.concat([
    Buffer.from("MZ"),
    hex("9000 0300 0000 0400 0000 ffff 0000"),
    Buffer.alloc(48),
    hex("80000000"),
    Buffer.alloc(64, 0x90),
  ]),
  bmp: Buffer.concat([
    Buffer.from("BM"),
    hex("46000000 0000 0000 36000000 28000000 01000000 01000000 0100 1800"),
    Buffer.alloc(32),
  ]),
  /** A legacy OLE compound file (.doc/.xls) header. */
  cfb: Buffer.concat([hex("d0cf11e0a1b11ae1"), Buffer.alloc(504)]),
  text: Buffer.from("Quarterly notes\nline two — with UTF-8 ✓\n"),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
  html: Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
  /** Bytes with no signature that are not UTF-8 either. */
  randomBinary: Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 0x80) & 0xff)),
};
