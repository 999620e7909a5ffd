import { afterEach, describe, expect, it, vi } from "vitest";
import { PEER_ADDRESS_HEADER } from "@/lib/http/client-address";
import { refundSignInAttempt, resetSignInLimiters, takeSignInAttempt } from "./sign-in-limit";

const from = (address: string) =>
  new Request("http://meridian.test/api/auth/callback/credentials", { headers: { [PEER_ADDRESS_HEADER]: address } });

afterEach(() => {
  vi.unstubAllEnvs();
  resetSignInLimiters();
});

function limits(perAddress: string, global: string) {
  vi.stubEnv("TRUST_PROXY", "");
  vi.stubEnv("SIGNIN_RATE_LIMIT_PER_ADDRESS", perAddress);
  vi.stubEnv("SIGNIN_RATE_LIMIT_GLOBAL", global);
  resetSignInLimiters();
}

describe("sign-in limits", () => {
  it("defaults protect a deployment: 10 a minute per address, 300 in all", async () => {
    limits("", "");
    for (let i = 0; i < 10; i++) expect(await takeSignInAttempt(from("203.0.113.1"), 0)).toEqual({ allowed: true });
    expect(await takeSignInAttempt(from("203.0.113.1"), 0)).toMatchObject({ allowed: false });
    let allowed = 10;
    for (let i = 0; i < 400; i++) if ((await takeSignInAttempt(from(`198.51.100.${i % 250}`), 0)).allowed) allowed++;
    expect(allowed).toBe(300);
  });

  it("the global budget holds across many addresses; a refusal there leaves the address's budget intact", async () => {
    limits("2", "3");
    expect(await takeSignInAttempt(from("203.0.113.1"), 0)).toEqual({ allowed: true });
    expect(await takeSignInAttempt(from("203.0.113.2"), 0)).toEqual({ allowed: true });
    expect(await takeSignInAttempt(from("203.0.113.3"), 0)).toEqual({ allowed: true });
    expect(await takeSignInAttempt(from("203.0.113.4"), 0)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    await refundSignInAttempt(from("203.0.113.1"), 0); // a success frees one global token
    expect(await takeSignInAttempt(from("203.0.113.4"), 0)).toEqual({ allowed: true });
    expect(await takeSignInAttempt(from("203.0.113.4"), 0)).toMatchObject({ allowed: false });
  });

  it("an invalid setting falls back to the default rather than to no limit", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    limits("0", "lots");
    for (let i = 0; i < 10; i++) await takeSignInAttempt(from("203.0.113.9"), 0);
    expect(await takeSignInAttempt(from("203.0.113.9"), 0)).toMatchObject({ allowed: false });
  });
});
