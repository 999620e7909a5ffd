import { describe, expect, it } from "vitest";
import { fileResponse, filenameParams } from "./serve";
import { sniffFile } from "./sniff";
import { SAMPLES } from "@/lib/testing/file-samples";

const respond = async (bytes: Buffer, name: string, download = false) =>
  fileResponse(bytes, { name, sniffed: await sniffFile(bytes, name), download });

describe("fileResponse", () => {
  it("previews a PNG inline with nosniff and a sandboxing CSP", async () => {
    const res = await respond(SAMPLES.png, "pic.png");
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/png",
      "content-disposition": `inline; filename="pic.png"; filename*=UTF-8''pic.png`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'; frame-ancestors 'self'",
      "x-frame-options": "SAMEORIGIN",
    });
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SAMPLES.png);
  });

  it("sends HTML and SVG as sandboxed text/plain", async () => {
    for (const [bytes, name] of [
      [SAMPLES.html, "page.html"],
      [SAMPLES.svg, "logo.svg"],
    ] as const) {
      const res = await respond(bytes, name);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; frame-ancestors 'self'");
    }
  });

  it("serves PDFs inline without the sandboxing CSP (Firefox's viewer cannot render under it), still nosniff and framable by this origin only", async () => {
    const res = await respond(SAMPLES.pdf, "paper.pdf");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("frame-ancestors 'self'");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("offers other types and every ?download=1 as an attachment", async () => {
    expect((await respond(SAMPLES.docx, "r.docx")).headers.get("content-disposition")).toMatch(/^attachment; /);
    expect((await respond(SAMPLES.elf, "tool")).headers.get("content-disposition")).toMatch(/^attachment; /);
    expect((await respond(SAMPLES.png, "pic.png", true)).headers.get("content-disposition")).toMatch(/^attachment; /);
  });
});

describe("filenameParams", () => {
  it.each([
    ["report.pdf", `filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ["季度报告.pdf", `filename="____.pdf"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A.pdf`],
    [
      'a "quoted"; name\\x.txt',
      `filename="a _quoted__ name_x.txt"; filename*=UTF-8''a%20%22quoted%22%3B%20name%5Cx.txt`,
    ],
    ["it's (1).txt", `filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`],
    ["line\r\nbreak.txt", `filename="line__break.txt"; filename*=UTF-8''line%0D%0Abreak.txt`],
  ])("%j", (name, expected) => {
    expect(filenameParams(name)).toBe(expected);
  });
});
