import { afterEach, describe, expect, it, vi } from "vitest";
import { isHttpsRequest, publicOrigin, publicUrl, requestHost } from "./request-origin";

const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("isHttpsRequest", () => {
  it("follows X-Forwarded-Proto (first hop) when present", () => {
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "https" }), "http://localhost:3000/")).toBe(true);
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "https, http" }))).toBe(true);
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "http" }), "https://x/")).toBe(false);
  });

  it("otherwise uses the URL, and defaults to plain http", () => {
    expect(isHttpsRequest(new Headers(), "https://x/")).toBe(true);
    expect(isHttpsRequest(new Headers(), "http://x/")).toBe(false);
    expect(isHttpsRequest(new Headers())).toBe(false);
  });
});

describe("publicOrigin / publicUrl", () => {
  it("uses the Host the client used, not the URL next start built", () => {
    const r = req("http://localhost:3100/api/auth/csrf?a=1", { host: "127.0.0.1:3100" });
    expect(requestHost(r.headers, r.url)).toBe("127.0.0.1:3100");
    expect(publicOrigin(r)).toBe("http://127.0.0.1:3100");
    expect(publicUrl(r).href).toBe("http://127.0.0.1:3100/api/auth/csrf?a=1");
  });

  it("prefers X-Forwarded-Host and -Proto from a proxy, and drops the internal port", () => {
    const r = req("http://localhost:3000/x", {
      host: "app:3000",
      "x-forwarded-host": "meridian.example.com",
      "x-forwarded-proto": "https",
    });
    expect(publicUrl(r).href).toBe("https://meridian.example.com/x");
  });
});

describe("with AUTH_URL", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("the deployment's own URL decides host and scheme, whatever the headers say", () => {
    vi.stubEnv("AUTH_URL", "https://meridian.example.com");
    const r = req("http://localhost:3000/x", { host: "evil.example", "x-forwarded-host": "evil.example" });
    expect(publicUrl(r).href).toBe("https://meridian.example.com/x");
    expect(requestHost(r.headers, r.url)).toBe("meridian.example.com");
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "http" }))).toBe(true);
  });
});
