import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  applyHeaderEdit,
  headerEditSchema,
  headerNames,
  openHeaders,
  openHeadersForEdit,
  sealHeaders,
} from "./headers";

beforeAll(() => vi.stubEnv("ENCRYPTION_KEY", "mcp-headers-test-key"));
afterAll(() => vi.unstubAllEnvs());

describe("applyHeaderEdit", () => {
  const stored = { Authorization: "Bearer old", "X-Team": "blue" };

  it("keeps a listed header without a value, replaces one with a value, drops an unlisted one", () => {
    expect(applyHeaderEdit(stored, [{ name: "authorization" }, { name: "X-New", value: "1" }])).toEqual({
      authorization: "Bearer old",
      "X-New": "1",
    });
    expect(applyHeaderEdit(stored, [{ name: "Authorization", value: "Bearer new" }])).toEqual({
      Authorization: "Bearer new",
    });
  });

  it("refuses a new header without a value", () => {
    expect(() => applyHeaderEdit(stored, [{ name: "X-Missing" }])).toThrow(/Give a value for the header "X-Missing"/);
  });
});

describe("headerEditSchema", () => {
  it.each([
    [[{ name: "Content-Type", value: "text/plain" }], /set by the MCP transport/],
    [[{ name: "Mcp-Session-Id", value: "x" }], /set by the MCP transport/],
    [[{ name: "X-Evil", value: "a\r\nInjected: 1" }], /line breaks/],
    [[{ name: "bad name", value: "x" }], /valid header name/],
    [
      [
        { name: "X-A", value: "1" },
        { name: "x-a", value: "2" },
      ],
      /once/,
    ],
  ])("refuses %j", (edit, message) => {
    const result = headerEditSchema.safeParse(edit);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(message);
  });
});

describe("sealed headers", () => {
  it("round-trips, never holds the value in clear, and stores nothing for no headers", () => {
    const sealed = sealHeaders({ Authorization: "Bearer s3cret-token" })!;
    expect(sealed).not.toContain("s3cret");
    expect(openHeaders(sealed)).toEqual({ Authorization: "Bearer s3cret-token" });
    expect(sealHeaders({})).toBeNull();
    expect(openHeaders(null)).toEqual({});
  });

  it("an unreadable blob: no names in views, conflict:mcp when opened to connect, nothing to keep in an edit", () => {
    const sealed = sealHeaders({ A: "1" })!;
    vi.stubEnv("ENCRYPTION_KEY", "another-key");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(headerNames(sealed)).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(() => openHeaders(sealed)).toThrow(/cannot be decrypted \(was ENCRYPTION_KEY changed\?\)/);
    expect(openHeadersForEdit(sealed)).toEqual({});
    vi.stubEnv("ENCRYPTION_KEY", "mcp-headers-test-key");
    expect(headerNames(sealed)).toEqual(["A"]);
  });
});
