import { describe, expect, it } from "vitest";
import { isText, servingPolicy, sniffFile, sniffUpload, UnsupportedFileType } from "./sniff";
import { mediaTypeByName } from "@/lib/workspace/media-type";
import { SAMPLES } from "@/lib/testing/file-samples";

describe("sniffUpload accepts what the bytes are", () => {
  it.each([
    ["photo.png", SAMPLES.png, "image/png", "png"],
    ["photo.jpg", SAMPLES.jpeg, "image/jpeg", "jpg"],
    ["photo.jpeg", SAMPLES.jpeg, "image/jpeg", "jpg"],
    ["anim.gif", SAMPLES.gif, "image/gif", "gif"],
    ["pic.webp", SAMPLES.webp, "image/webp", "webp"],
    ["paper.pdf", SAMPLES.pdf, "application/pdf", "pdf"],
    ["report.docx", SAMPLES.docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
    ["sheet.xlsx", SAMPLES.xlsx, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
    ["deck.pptx", SAMPLES.pptx, "application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
    ["bundle.zip", SAMPLES.zip, "application/zip", "zip"],
    ["voice.wav", SAMPLES.wav, "audio/wav", "wav"],
    ["voice.ogg", SAMPLES.ogg, "audio/ogg", "ogg"],
    ["clip.mp4", SAMPLES.mp4, "video/mp4", "mp4"],
    ["clip.webm", SAMPLES.webm, "video/webm", "webm"],
    ["notes.txt", SAMPLES.text, "text/plain", "txt"],
    ["notes.md", Buffer.from("# Title\n\n- 中文 item\n"), "text/markdown", "md"],
    ["table.csv", Buffer.from("a,b\n1,2\n"), "text/csv", "csv"],
    ["data.json", Buffer.from('{"a": [1, 2]}'), "application/json", "json"],
    ["script.py", Buffer.from("print('hi')\n"), "text/x-python", "py"],
    ["README", SAMPLES.text, "text/plain", "txt"],
    ["weird.name.unknownext", SAMPLES.text, "text/plain", "txt"],
    ["empty.txt", Buffer.alloc(0), "text/plain", "txt"],
    ["drawing.svg", SAMPLES.svg, "image/svg+xml", "svg"],
    ["feed.xml", Buffer.from('<?xml version="1.0"?><rss></rss>'), "application/xml", "xml"],
  ])("%s", async (name, bytes, mediaType, ext) => {
    expect(await sniffUpload(bytes, name)).toMatchObject({ mediaType, ext });
  });

  it("takes the type from the bytes when the name has no extension", async () => {
    expect(await sniffUpload(SAMPLES.png, "screenshot")).toMatchObject({ mediaType: "image/png", ext: "png" });
    expect(await sniffUpload(SAMPLES.pdf, "scan", "application/pdf")).toMatchObject({ mediaType: "application/pdf" });
  });

  it("accepts an image whose extension names another image format, stored as what it is", async () => {
    expect(await sniffUpload(SAMPLES.png, "photo.jpg")).toMatchObject({ mediaType: "image/png", ext: "png" });
  });
});

describe("sniffUpload refuses", () => {
  const refused = async (bytes: Uint8Array, name: string, declared?: string) => {
    const err = await sniffUpload(bytes, name, declared).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsupportedFileType);
    return (err as Error).message;
  };

  it("an ELF executable named .png", async () => {
    expect(await refused(SAMPLES.elf, "cat.png")).toMatch(/not accepted \(application\/x-elf\)/);
  });

  it("a Windows executable under any name", async () => {
    for (const name of ["setup.exe", "invoice.pdf", "notes.txt", "noext"])
      expect(await refused(SAMPLES.exe, name)).toMatch(/not accepted/);
  });

  it("unrecognised binary bytes", async () => {
    expect(await refused(SAMPLES.randomBinary, "data.bin")).toMatch(/not a recognised/);
  });

  it("text pretending to be an image, a PDF or an Office file", async () => {
    expect(await refused(SAMPLES.text, "photo.png")).toMatch(/content \(text\/plain\) does not match.*\.png/);
    expect(await refused(SAMPLES.text, "paper.pdf")).toMatch(/\.pdf/);
    expect(await refused(SAMPLES.text, "report.docx")).toMatch(/\.docx/);
  });

  it("a plain zip named .docx, and a PDF named .txt", async () => {
    expect(await refused(SAMPLES.zip, "report.docx")).toMatch(/application\/zip.*\.docx/);
    expect(await refused(SAMPLES.pdf, "notes.txt")).toMatch(/application\/pdf.*\.txt/);
  });

  it("bytes that contradict the declared type when the name has no extension", async () => {
    expect(await refused(SAMPLES.text, "upload", "image/png")).toMatch(/sent as image\/png/);
    expect(await refused(SAMPLES.png, "upload", "application/pdf")).toMatch(/sent as application\/pdf/);
  });

  it("types outside the allow-list even when they are real (bmp, legacy .doc)", async () => {
    expect(await refused(SAMPLES.bmp, "old.bmp")).toMatch(/image\/bmp/);
    expect(await refused(SAMPLES.cfb, "old.doc")).toMatch(/not accepted/);
  });

  it("text with a NUL byte or invalid UTF-8 is not text", async () => {
    expect(isText(Buffer.from("abc\u0000def"))).toBe(false);
    expect(isText(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toBe(false);
    expect(isText(Buffer.from("naïve 中文 ✓"))).toBe(true);
    await refused(Buffer.from("abc\u0000def"), "notes.txt");
  });
});

describe("serving", () => {
  it("previews images, PDF and text inline; script-capable text only as text/plain", async () => {
    const policy = async (bytes: Uint8Array, name: string) => servingPolicy(await sniffFile(bytes, name));
    expect(await policy(SAMPLES.png, "a.png")).toEqual({ contentType: "image/png", inline: true });
    expect(await policy(SAMPLES.pdf, "a.pdf")).toEqual({ contentType: "application/pdf", inline: true });
    for (const [bytes, name] of [
      [SAMPLES.svg, "x.svg"],
      [SAMPLES.html, "x.html"],
      [Buffer.from("alert(1)"), "x.js"],
      [SAMPLES.text, "x.md"],
    ] as const) {
      expect(await policy(bytes, name)).toEqual({ contentType: "text/plain; charset=utf-8", inline: true });
    }
    // An HTML file named .png is still only text.
    expect(await policy(SAMPLES.html, "x.png")).toEqual({ contentType: "text/plain; charset=utf-8", inline: true });
  });

  it("offers everything else only as a download", async () => {
    expect(servingPolicy(await sniffFile(SAMPLES.docx, "r.docx"))).toMatchObject({ inline: false });
    expect(servingPolicy(await sniffFile(SAMPLES.elf, "a.png"))).toEqual({
      contentType: "application/x-elf",
      inline: false,
    });
    expect(servingPolicy(await sniffFile(SAMPLES.randomBinary, "a.txt"))).toEqual({
      contentType: "application/octet-stream",
      inline: false,
    });
    expect(servingPolicy(await sniffFile(SAMPLES.mp4, "a.mp4"))).toEqual({ contentType: "video/mp4", inline: false });
  });

  it("guesses a listing's media type from the name", () => {
    expect(mediaTypeByName("a.md")).toBe("text/markdown");
    expect(mediaTypeByName("A.PNG")).toBe("image/png");
    expect(mediaTypeByName("x.docx")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(mediaTypeByName("noext")).toBeUndefined();
  });
});
