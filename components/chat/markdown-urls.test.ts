import type { UrlTransform } from "react-markdown";
import { describe, expect, it } from "vitest";
import { imageHost, imageLoadsInline, markdownUrlTransform } from "./markdown-urls";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe("imageLoadsInline", () => {
  it("loads same-origin relative sources and inline data:image/ sources", () => {
    for (const src of [
      "/api/workspace/files?path=chart.png",
      "chart.png",
      "./img/a.png",
      "../a.png",
      "?v=2",
      PNG,
      "DATA:IMAGE/GIF;base64,R0lGOD",
      " data:image/svg+xml,<svg/>",
    ]) {
      expect(imageLoadsInline(src), src).toBe(true);
    }
  });

  it("refuses every other host, however the URL is disguised", () => {
    for (const src of [
      "https://attacker.example/?d=secret",
      "http://attacker.example/p.png",
      "HTTPS://attacker.example/p.png",
      "//attacker.example/p.png",
      "\\\\attacker.example/p.png",
      "/\\attacker.example/p.png",
      "\\/attacker.example/p.png",
      " https://attacker.example/p.png",
      "\u0001https://attacker.example/p.png",
      "ht\ttps://attacker.example/p.png",
      "htt\nps://attacker.example/p.png",
      "https:attacker.example/p.png",
      "http:attacker.example/p.png",
      "https://meridian.invalid/p.png",
      "ftp://attacker.example/p.png",
      "blob:https://attacker.example/1234",
      "javascript:alert(1)",
    ]) {
      expect(imageLoadsInline(src), JSON.stringify(src)).toBe(false);
    }
  });

  it("refuses data: URLs that are not images, and empty sources", () => {
    for (const src of [
      "data:text/html,<script>alert(1)</script>",
      "data:,hello",
      "data:image",
      "",
      "   ",
      null,
      undefined,
    ]) {
      expect(imageLoadsInline(src), String(src)).toBe(false);
    }
  });
});

describe("imageHost", () => {
  it("names the host of an absolute source, nothing for others", () => {
    expect(imageHost("https://attacker.example:8443/?d=secret")).toBe("attacker.example:8443");
    expect(imageHost("/local.png")).toBe("");
    expect(imageHost(undefined)).toBe("");
  });
});

type Element = Parameters<UrlTransform>[2];

describe("markdownUrlTransform", () => {
  const img: Element = { type: "element", tagName: "img", properties: {}, children: [] };
  const a: Element = { type: "element", tagName: "a", properties: {}, children: [] };

  it("keeps data:image/ sources of images but not as link targets", () => {
    expect(markdownUrlTransform(PNG, "src", img)).toBe(PNG);
    expect(markdownUrlTransform(PNG, "href", a)).toBe("");
  });

  it("keeps sanitising the rest as react-markdown does", () => {
    expect(markdownUrlTransform("javascript:alert(1)", "src", img)).toBe("");
    expect(markdownUrlTransform("javascript:alert(1)", "href", a)).toBe("");
    expect(markdownUrlTransform("data:text/html,x", "src", img)).toBe("");
    expect(markdownUrlTransform("https://example.com/a", "href", a)).toBe("https://example.com/a");
    // Still passed on: the image component shows it as a placeholder, never loads it.
    expect(markdownUrlTransform("https://attacker.example/p.png", "src", img)).toBe("https://attacker.example/p.png");
  });
});
