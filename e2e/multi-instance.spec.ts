import { expect, test, request as playwrightRequest, type APIRequestContext, type Page } from "./test";
import { ADMIN, csrfToken, sessionCookie, signIn } from "./helpers/auth";
import { mock, parseSse, scriptMarker, sendChat, userMessage } from "./helpers/chat";
import { extraPort, restartableServer } from "./helpers/restartable-server";
import { startLocalRedis, type LocalRedis } from "../lib/testing/redis-server";
import { saveScreenshot } from "./helpers/pages";

/**
 * Two app instances on one PostgreSQL and one Redis. A chat started on A is followed
 * from B after a reload and stopped from B; restarting B never fails A's live run; when A dies
 * mid-run, B fails the run once its lease has expired. (PostgreSQL only: the embedded database
 * belongs to one process. playwright.config.ts runs this spec when DATABASE_URL is set.)
 */

const LEASE_MS = 3000;
const SIGNIN_BUDGET = 6;
const env: Record<string, string> = {
  RUN_LEASE_MS: String(LEASE_MS),
  // The sign-in budget test speaks for its own client address through X-Forwarded-For.
  TRUST_PROXY: "1",
  SIGNIN_RATE_LIMIT_PER_ADDRESS: String(SIGNIN_BUDGET),
};
const a = restartableServer({
  port: Number(process.env.E2E_MULTI_A_PORT || extraPort(371)),
  leaseMs: LEASE_MS,
  name: "multi-a",
  env,
});
const b = restartableServer({
  port: Number(process.env.E2E_MULTI_B_PORT || extraPort(372)),
  leaseMs: LEASE_MS,
  name: "multi-b",
  env,
});
let redis: LocalRedis;

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.beforeAll(async () => {
  redis = await startLocalRedis();
  env.REDIS_URL = redis.url;
  await a.prepare();
  b.shareDataOf(a);
  await a.start(); // first: it migrates the database
  await b.start();
});
test.afterAll(async () => {
  b.kill();
  a.cleanUp();
  await redis?.stop();
});

const slowAnswer = (words: number, end: string) => ({
  text: `${Array.from({ length: words }, (_, i) => `word${i}`).join(" ")} ${end}`,
  chunkSize: 12,
  delayMs: 60,
});

async function signInOn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByTestId("login-username").fill(ADMIN.username);
  await page.getByTestId("login-password").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

/** Starts a chat on `base` in the background (as a browser that then goes away would); resolves with its whole stream. */
async function startInBackground(api: APIRequestContext, base: string, threadId: string, text: string) {
  const { name, value } = await sessionCookie(api);
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${name}=${value}` },
    body: JSON.stringify({ id: threadId, message: userMessage(text) }),
  });
  expect(res.status).toBe(200);
  return { runId: res.headers.get("x-meridian-run-id")!, body: res.text().catch(() => "") };
}

const runOf = async (api: APIRequestContext, runId: string) =>
  (await (await api.get(`/api/runs/${runId}`)).json()) as { status: string; error: { code: string } | null };

test("a chat started on A is followed from B after a reload, and stopped from B @postgres", async ({ page }) => {
  await mock.script("mi-follow", [slowAnswer(260, "END-OF-FOLLOWED")]);
  await mock.script("mi-stop", [slowAnswer(400, "NEVER-REACHED")]);
  await signInOn(page, a.base); // the session cookie is the host's: B reads it too (one database)

  await page.getByTestId("composer-input").fill(`Tell me a long story ${scriptMarker("mi-follow")}`);
  await page.getByTestId("send-button").click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+/);
  await expect(page.getByTestId("message-assistant").last()).toContainText("word5");
  const path = new URL(page.url()).pathname;

  // The "reload" is served by B, which does not execute the run: it follows it through Redis.
  await page.goto(`${b.base}${path}`);
  const followed = page.getByTestId("message-assistant").last();
  await expect(followed).toContainText("word200", { timeout: 30_000 });
  await expect(followed).toContainText("END-OF-FOLLOWED", { timeout: 30_000 });
  await expect(page.getByTestId("message-assistant")).toHaveCount(1);
  await saveScreenshot(page, { path: "test-results/multi-instance-followed.png", fullPage: true });

  // A second chat, started on A, stopped from B.
  await page.goto(`${a.base}/`);
  await page.getByTestId("composer-input").fill(`Write a long essay ${scriptMarker("mi-stop")}`);
  await page.getByTestId("send-button").click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+/);
  await expect(page.getByTestId("message-assistant").last()).toContainText("word5");
  await page.goto(`${b.base}${new URL(page.url()).pathname}`);
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("word20", { timeout: 30_000 });
  await page.getByTestId("stop-button").click();
  await expect(page.getByTestId("send-button")).toBeVisible();
  // A aborted its model call and saved the partial answer.
  await expect.poll(async () => (await mock.requests("mi-stop"))[0]?.closedByClient, { timeout: 10_000 }).toBe(true);
  await page.reload();
  const reloaded = page.getByTestId("message-assistant").last();
  await expect(reloaded).toContainText("word20");
  await expect(reloaded).not.toContainText("NEVER-REACHED");
  await expect(page.getByTestId("status-panel").getByTestId("run-status")).toContainText(/cancel|stopp/i);
});

test("a client's sign-in budget is shared: failures on A count on B @postgres", async () => {
  const address = "198.51.100.77";
  const attempt = async (base: string, i: number) => {
    const api = await playwrightRequest.newContext({ baseURL: base });
    const res = await api.post("/api/auth/callback/credentials", {
      form: { csrfToken: await csrfToken(api), username: "ghost-multi", password: `guess-${i}`, json: "true" },
      headers: { "x-forwarded-for": address },
      maxRedirects: 0,
    });
    await api.dispose();
    return res.status();
  };
  // Half the budget on each instance, then one more on either: refused.
  for (let i = 0; i < SIGNIN_BUDGET; i++) expect(await attempt(i % 2 ? b.base : a.base, i)).toBe(302);
  expect(await attempt(b.base, 99)).toBe(429);
  expect(await attempt(a.base, 100)).toBe(429);
});

test("restarting B never fails A's live run; when A dies, B fails its run after the lease @postgres", async () => {
  const apiA = await signIn(a.base, ADMIN.username, ADMIN.password);
  await mock.script("mi-survive", [{ text: "Survived the other instance's restart.", firstTokenDelayMs: 8_000 }]);
  const survive = await startInBackground(apiA, a.base, crypto.randomUUID(), `Wait ${scriptMarker("mi-survive")}`);
  await expect.poll(async () => (await mock.requests("mi-survive")).length).toBe(1);

  b.kill();
  await b.start(); // boots, sweeps expired leases: A's run holds a live one
  const apiB = await signIn(b.base, ADMIN.username, ADMIN.password);
  expect((await runOf(apiB, survive.runId)).status).toBe("running");
  const text = parseSse(await survive.body)
    .filter((e) => e.type === "text-delta")
    .map((e) => e.delta)
    .join("");
  expect(text).toBe("Survived the other instance's restart.");
  expect((await runOf(apiB, survive.runId)).status).toBe("completed");

  // A dies mid-run: its run is failed by B once the lease ran out, and the chat takes a new message.
  await mock.script("mi-orphan", [{ text: "never sent", firstTokenDelayMs: 120_000 }]);
  await mock.script("mi-after", [{ text: "Back on B." }]);
  const threadId = crypto.randomUUID();
  const orphan = await startInBackground(apiA, a.base, threadId, `Wait forever ${scriptMarker("mi-orphan")}`);
  await expect.poll(async () => (await mock.requests("mi-orphan")).length).toBe(1);
  a.kill();
  const killedAt = Date.now();
  await expect
    .poll(async () => (await runOf(apiB, orphan.runId)).status, { timeout: LEASE_MS * 4, intervals: [100] })
    .toBe("failed");
  const tookMs = Date.now() - killedAt;
  console.log(`[multi-instance] B failed A's orphaned run ${tookMs} ms after the kill (lease ${LEASE_MS} ms)`);
  expect(tookMs).toBeLessThan(LEASE_MS * 2 + 1000);
  expect((await runOf(apiB, orphan.runId)).error?.code).toBe("internal:restart");
  const next = await sendChat(apiB, threadId, `Still there? ${scriptMarker("mi-after")}`);
  expect(next.text).toContain("Back on B.");
  await apiA.dispose();
  await apiB.dispose();
});
