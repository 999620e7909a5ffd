import { describe, expect, it } from "vitest";
import { sameOrigin } from "./credential-origin";

describe("sameOrigin", () => {
  it("a new path, query or trailing slash on the same scheme, host and port is the same origin", () => {
    expect(sameOrigin("https://api.example.com/v1", "https://api.example.com/other/v1?x=1")).toBe(true);
    expect(sameOrigin("https://API.example.com:443/v1", "https://api.example.com/")).toBe(true);
  });

  it("another host, port or scheme is another origin", () => {
    for (const other of [
      "https://evil.example.com/v1",
      "https://api.example.com:8443/v1",
      "http://api.example.com/v1",
      "https://api.example.com.evil.net/v1",
    ]) {
      expect(sameOrigin("https://api.example.com/v1", other), other).toBe(false);
    }
  });

  it("an unparseable URL never counts as the same origin", () => {
    expect(sameOrigin("not a url", "not a url")).toBe(false);
  });
});
