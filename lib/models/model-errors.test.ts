import { describe, expect, it } from "vitest";
import { classifyModelError, parseRetryAfter } from "./model-errors";
import { GraphInterrupt } from "@langchain/langgraph";

function httpError(status: number, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`${status} error`), { status, headers: new Headers(headers) });
}

describe("classifyModelError", () => {
  it.each([408, 409, 500, 502, 503, 504, 529])("retries %i", (status) => {
    expect(classifyModelError(httpError(status)).retryable).toBe(true);
  });

  it.each([400, 401, 402, 403, 404, 413])("never retries %i", (status) => {
    expect(classifyModelError(httpError(status)).retryable).toBe(false);
  });

  it("retries a 429 only when it says when to come back", () => {
    expect(classifyModelError(httpError(429)).retryable).toBe(false);
    const c = classifyModelError(httpError(429, { "retry-after": "2" }));
    expect(c.retryable).toBe(true);
    expect(c.retryAfterMs).toBe(2000);
  });

  it("counts overload and unavailability towards a model switch, not rate limits or 500", () => {
    expect(classifyModelError(httpError(529)).overload).toBe(true);
    expect(classifyModelError(httpError(503)).overload).toBe(true);
    expect(classifyModelError(httpError(500)).overload).toBe(false);
    expect(classifyModelError(httpError(429, { "retry-after": "1" })).overload).toBe(false);
  });

  it("retries connection resets and timeouts", () => {
    expect(classifyModelError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })).retryable).toBe(
      true,
    );
    expect(classifyModelError(Object.assign(new Error("timed out"), { name: "TimeoutError" })).retryable).toBe(true);
  });

  it("never retries aborts or interrupts", () => {
    const abort = Object.assign(new Error("The operation was aborted"), { name: "AbortError" });
    expect(classifyModelError(abort)).toMatchObject({ retryable: false, aborted: true });
    expect(classifyModelError(new GraphInterrupt([])).retryable).toBe(false);
  });

  it("sees through middleware wrappers to the provider error", () => {
    const wrapped = Object.assign(new Error("wrapped"), { "~brand": "MiddlewareError", cause: httpError(529) });
    expect(classifyModelError(wrapped)).toMatchObject({ status: 529, overload: true });
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds, milliseconds and HTTP dates", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "3" }))).toBe(3000);
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250" }))).toBe(250);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }), now)).toBe(5000);
    expect(parseRetryAfter(new Headers({}))).toBeNull();
  });
});
