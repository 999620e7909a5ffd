import { expect, test, request as playwrightRequest, type APIRequestContext, type APIResponse } from "../test";
import { E2E_SIGNIN_PER_ADDRESS } from "../../playwright.config";
import { createUser, csrfToken, signIn, signInAsAdmin, signInErrorCode, uniqueUsername } from "../helpers/auth";

/**
 * Sign-in under attack (issues 9 and 42): the lockout holds against a burst of parallel guesses
 * from one address while the owner still signs in from another, unknown usernames lock like real
 * ones, and the per-address budget answers 429 with Retry-After. The e2e
 * server runs with TRUST_PROXY=1, so each test speaks for its own client addresses through
 * X-Forwarded-For (playwright.config.ts).
 */

let addressCounter = 0;
/**
 * A client address no other test uses (TEST-NET-2 is never routed): this worker's own /24 for
 * this run, so workers running side by side never share one.
 */
function uniqueAddress(): string {
  addressCounter += 1;
  const block = (Math.floor(Date.now() / 1000) * 8 + test.info().parallelIndex) % 256;
  return `198.51.${block}.${addressCounter % 256}`;
}

/** One credentials POST, with the CSRF token fetched beforehand, as the client at `address`. */
function post(
  api: APIRequestContext,
  csrf: string,
  username: string,
  password: string,
  address: string,
): Promise<APIResponse> {
  return api.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf, username, password, json: "true" },
    headers: { "x-forwarded-for": address },
    maxRedirects: 0,
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Attempts in one burst: the whole per-address budget, so none is refused as rate-limited. */
const BURST = E2E_SIGNIN_PER_ADDRESS;

/**
 * BURST - 1 wrong guesses and then the right password, all in flight at once from one address, so
 * only the lockout stands in the way. Returns each attempt's code.
 */
async function burst(baseURL: string, username: string, rightPassword: string): Promise<(string | null)[]> {
  const attacker = uniqueAddress();
  // One context per attempt, each with its CSRF token and an open keep-alive connection, so every
  // request leaves at once and none waits for a connection: the order they are sent in holds.
  const clients = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const api = await playwrightRequest.newContext({ baseURL });
      return { api, csrf: await csrfToken(api) };
    }),
  );
  const wrong = clients
    .slice(0, BURST - 1)
    .map(({ api, csrf }, i) => post(api, csrf, username, `wrong-guess-${i}`, attacker));
  // "Last": the right one leaves after the others were sent, but long before their bcrypt checks end.
  await sleep(30);
  const { api, csrf } = clients[BURST - 1]!;
  const right = post(api, csrf, username, rightPassword, attacker);
  const responses = await Promise.all([...wrong, right]);
  for (const res of responses) expect(res.status()).toBe(302);
  await Promise.all(clients.map((c) => c.api.dispose()));
  return responses.map(signInErrorCode);
}

const tally = (codes: (string | null)[]) =>
  codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [String(c)]: (acc[String(c)] ?? 0) + 1 }), {});

test.describe("lockout under a burst of parallel guesses @postgres", () => {
  test("parallel guesses from one address, the right one last: refused and locked there; the owner signs in from elsewhere", async ({
    baseURL,
  }) => {
    const admin = await signInAsAdmin(baseURL!);
    const victim = await createUser(admin);
    const bystander = await createUser(admin);

    // Another user signs in while the burst is running: neither stalled nor locked out.
    const [codes, bystanderApi] = await Promise.all([
      burst(baseURL!, victim.username, victim.password),
      sleep(100).then(() => signIn(baseURL!, bystander.username, bystander.password)),
    ]);
    expect(codes[BURST - 1], "the right password, sent last, is refused").toBe("account_locked");
    // Exactly the threshold reached the password check: 4 plain failures, the rest locked.
    expect(tally(codes)).toEqual({ invalid_credentials: 4, account_locked: BURST - 4 });

    // The owner, from another address, is not locked out by someone else's guesses.
    const api = await playwrightRequest.newContext({ baseURL });
    const after = await post(api, await csrfToken(api), victim.username, victim.password, uniqueAddress());
    expect(signInErrorCode(after)).toBeNull();
    expect((await (await api.get("/api/auth/session")).json()).user).toMatchObject({ id: victim.id });
    const listed = (await (await admin.get("/api/admin/users")).json()) as Array<{
      id: string;
      lockedUntil: string | null;
    }>;
    expect(listed.find((u) => u.id === victim.id)?.lockedUntil).toBeTruthy();
    await Promise.all([admin.dispose(), bystanderApi.dispose(), api.dispose()]);
  });

  test("an unknown username answers exactly like a real one, lock included", async ({ baseURL }) => {
    const ghost = uniqueUsername("nobody");
    const codes = await burst(baseURL!, ghost, "any-password-1");
    expect(tally(codes)).toEqual({ invalid_credentials: 4, account_locked: BURST - 4 });

    const api = await playwrightRequest.newContext({ baseURL });
    const after = await post(api, await csrfToken(api), ghost, "any-password-1", uniqueAddress());
    expect(after.status()).toBe(302);
    expect(signInErrorCode(after), "another address is not locked, as for a real account").toBe("invalid_credentials");
    await api.dispose();
  });
});

test.describe("sign-in rate limit", () => {
  test("a client address over its budget gets 429 with Retry-After; other addresses do not", async ({ baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const csrf = await csrfToken(api);
    const address = uniqueAddress();
    const ghost = uniqueUsername("ratelimit");
    // Sequential, so the count is exact: the budget's worth of failures is answered normally...
    for (let i = 0; i < E2E_SIGNIN_PER_ADDRESS; i++) {
      const res = await post(api, csrf, ghost, `guess-${i}`, address);
      expect(res.status(), `attempt ${i + 1}`).toBe(302);
    }
    // ...and the next one is refused before any password check.
    const limited = await post(api, csrf, ghost, "guess-over", address);
    expect(limited.status()).toBe(429);
    const retryAfter = Number(limited.headers()["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await limited.json()) as { error: { code: string; message: string }; url: string };
    expect(body.error).toEqual({ code: "rate_limited:auth", message: expect.any(String) });
    // next-auth/react reads the code from `url`, so the login form can say what happened.
    expect(new URL(body.url).searchParams.get("code")).toBe("rate_limited");

    // A client cannot escape by prepending addresses: only the entry our proxy appended counts.
    expect((await post(api, csrf, ghost, "guess-spoof", `203.0.113.9, ${address}`)).status()).toBe(429);
    // Another address still gets an answer.
    expect((await post(api, csrf, ghost, "guess-elsewhere", uniqueAddress())).status()).toBe(302);
    await api.dispose();
  });

  test("successful sign-ins do not use up the budget", async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const user = await createUser(admin);
    const address = uniqueAddress();
    for (let i = 0; i <= E2E_SIGNIN_PER_ADDRESS; i++) {
      const api = await playwrightRequest.newContext({ baseURL });
      const res = await post(api, await csrfToken(api), user.username, user.password, address);
      expect(res.status(), `sign-in ${i + 1}`).toBe(302);
      expect(signInErrorCode(res)).toBeNull();
      await api.dispose();
    }
    await admin.dispose();
  });
});
