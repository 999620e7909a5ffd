import { describe, expect, it } from "vitest";
import { isCrossOriginWrite } from "./same-origin";

const req = (method: string, headers: Record<string, string>) =>
  new Request("http://localhost:3100/api/x", { method, headers });

describe("isCrossOriginWrite", () => {
  it("refuses writes whose Origin names another host", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isCrossOriginWrite(req(method, { host: "app.example", origin: "https://evil.example" }))).toBe(true);
    }
  });

  it("refuses another port, and the opaque origin 'null'", () => {
    expect(isCrossOriginWrite(req("POST", { host: "app.example:3100", origin: "http://app.example:3101" }))).toBe(true);
    expect(isCrossOriginWrite(req("POST", { host: "app.example", origin: "null" }))).toBe(true);
  });

  it("allows the same host, case and default port aside", () => {
    expect(isCrossOriginWrite(req("POST", { host: "app.example:3100", origin: "http://app.example:3100" }))).toBe(
      false,
    );
    expect(isCrossOriginWrite(req("POST", { host: "App.Example", origin: "http://app.example" }))).toBe(false);
    expect(isCrossOriginWrite(req("POST", { host: "app.example:443", origin: "https://app.example" }))).toBe(false);
  });

  it("compares with X-Forwarded-Host behind a proxy", () => {
    const r = req("POST", {
      host: "internal:3000",
      "x-forwarded-host": "meridian.example",
      origin: "https://meridian.example",
    });
    expect(isCrossOriginWrite(r)).toBe(false);
  });

  it("does not judge reads, requests without Origin, or Bearer-token requests", () => {
    expect(isCrossOriginWrite(req("GET", { host: "app.example", origin: "https://evil.example" }))).toBe(false);
    expect(isCrossOriginWrite(req("POST", { host: "app.example" }))).toBe(false);
    expect(
      isCrossOriginWrite(
        req("POST", { host: "app.example", origin: "https://evil.example", authorization: "Bearer tok" }),
      ),
    ).toBe(false);
  });

  it("a Basic (non-Bearer) Authorization header is not an exemption", () => {
    expect(
      isCrossOriginWrite(
        req("POST", { host: "app.example", origin: "https://evil.example", authorization: "Basic abc" }),
      ),
    ).toBe(true);
  });
});
