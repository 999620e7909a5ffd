import { describe, expect, it } from "vitest";
import { ApiClientError, apiErrorFromChatError, parseApiError, type ClientErrorCode } from "./client";

describe("parseApiError", () => {
  it("reads the typed error shape", () => {
    const error = parseApiError(409, JSON.stringify({ error: { code: "conflict:run", message: "busy" } }));
    expect([error.status, error.code, error.message]).toEqual([409, "conflict:run", "busy"]);
  });

  it("falls back to the HTTP status for other bodies", () => {
    expect(parseApiError(502, "<html>bad gateway</html>").code).toBe("http:502");
  });
});

describe("apiErrorFromChatError", () => {
  it("recovers the code from the transport's error text", () => {
    const error = new Error(JSON.stringify({ error: { code: "conflict:run", message: "busy" } }));
    expect(apiErrorFromChatError(error)?.code).toBe("conflict:run");
  });

  it("returns null for plain stream errors", () => {
    expect(apiErrorFromChatError(new Error("The model provider is overloaded"))).toBeNull();
    expect(apiErrorFromChatError(new Error("{not json"))).toBeNull();
  });
});

describe("ApiClientError codes", () => {
  it("are the server's declared codes or the client's own transport failures", () => {
    const codes: ClientErrorCode[] = ["conflict:run", "http:502", "network", "aborted"];
    // @ts-expect-error -- a misspelt code ("agnt") does not compile on the client either
    const typo: ClientErrorCode = "conflict:agnt";
    expect(codes.map((code) => new ApiClientError(0, code, "").code)).toEqual(codes);
    expect(typo).toBe("conflict:agnt");
  });
});
