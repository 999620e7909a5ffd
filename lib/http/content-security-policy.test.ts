import { describe, expect, it } from "vitest";
import { newNonce, pageContentSecurityPolicy } from "./content-security-policy";

const directives = (csp: string) =>
  new Map(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

describe("pageContentSecurityPolicy", () => {
  it("runs only scripts carrying the nonce (and what they load), and forbids framing", () => {
    const csp = directives(pageContentSecurityPolicy("abc123"));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("allows eval and the dev server's websocket only in development", () => {
    expect(pageContentSecurityPolicy("n")).not.toMatch(/unsafe-eval|ws:/);
    const dev = directives(pageContentSecurityPolicy("n", { dev: true }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(dev.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
  });
});

describe("newNonce", () => {
  it("is 16 random bytes, new each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});
