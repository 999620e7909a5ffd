import { expect, test, type APIRequestContext } from "../test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { createToken, expectError } from "../helpers/org";
import { mock, scriptMarker, sendChat } from "../helpers/chat";
import { E2E_WORKSPACE_QUOTA_BYTES } from "../../playwright.config";
import { peakRssDuring, pidListeningOn, rssBytes, sendLargeBody, type RawResponse } from "../helpers/server-process";

/** Request body caps and the workspace quota over real HTTP. */

const MiB = 1024 * 1024;
const BIG = 40 * MiB;
/**
 * How much the server's resident memory may grow while refusing a 40 MiB body: well under the
 * body, which buffering would add whole, and above the noise of a busy server (8.03 MiB once seen
 * in the PostgreSQL pass).
 */
const RSS_TOLERANCE = 12 * MiB;

let member: APIRequestContext;
let token: string;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  const user = await createUser(admin);
  await admin.dispose();
  member = await signIn(baseURL!, user.username, user.password);
  token = (await createToken(member)).token;
});
test.afterAll(async () => {
  await member?.dispose();
});

function expectTooLarge(res: RawResponse, code = "too_large:body") {
  expect(res.status, res.body).toBe(413);
  expect(JSON.parse(res.body)).toEqual({
    error: { code, message: expect.stringMatching(/larger than the limit of 1 MiB/) },
  });
}

const json = (bearer: string) => ({ authorization: `Bearer ${bearer}`, "content-type": "application/json" });

for (const chunked of [false, true]) {
  const how = chunked ? "chunked (no Content-Length)" : "with Content-Length";
  test(`a 40 MiB JSON body ${how} is refused with 413 without the server's memory growing, and the server keeps serving @solo`, async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const pid = pidListeningOn(Number(new URL(baseURL!).port));
    // The suite starts the app itself (playwright.config.ts), so its process is always found here.
    expect(pid, "the app server listening on the e2e port").not.toBeNull();
    // Warm the route (loading its code is not counted); the baseline is the highest RSS over a
    // quiet second, so the server's own background work right after start is not blamed on us.
    for (let i = 0; i < 3; i++) expect((await member.post("/api/threads", { data: {} })).status()).toBe(201);
    // One oversized body first, to another route: V8 grows its young generation once under the
    // first burst of dropped chunks (seen: ~10 MiB right after start). Only later growth is per request.
    expectTooLarge(await sendLargeBody(`${baseURL}/api/tokens`, { headers: json(token), totalBytes: BIG, chunked }));
    const before = (await peakRssDuring(pid!, () => new Promise((resolve) => setTimeout(resolve, 1000)))).peak;
    const { result, peak } = await peakRssDuring(pid!, () =>
      sendLargeBody(`${baseURL}/api/threads`, { headers: json(token), totalBytes: BIG, chunked }),
    );
    expectTooLarge(result);
    console.log(
      `[limits] ${how}: RSS before ${(before / MiB).toFixed(1)} MiB, peak ${(peak / MiB).toFixed(1)} MiB (+${((peak - before) / MiB).toFixed(1)} MiB)`,
    );
    expect(peak - before).toBeLessThan(RSS_TOLERANCE);

    expect((await member.get("/api/health")).status()).toBe(200);
    const ok = await member.post("/api/threads", { data: {} });
    expect(ok.status(), await ok.text()).toBe(201);
  });
}

test("every kind of JSON route and the sign-in form refuse a 40 MiB body (413 too_large:body), both ways", async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const thread = (await (await member.post("/api/threads", { data: {} })).json()) as { id: string };
  const targets: { method: string; path: string; headers: Record<string, string> }[] = [
    { method: "POST", path: "/api/chat", headers: json(token) },
    { method: "PATCH", path: `/api/threads/${thread.id}`, headers: json(token) },
    { method: "POST", path: "/api/tokens", headers: json(token) },
    { method: "POST", path: `/api/runs/${crypto.randomUUID()}/resume`, headers: json(token) },
    {
      method: "POST",
      path: "/api/auth/callback/credentials",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
  ];
  for (const target of targets) {
    for (const chunked of [false, true]) {
      const label = `${target.method} ${target.path} chunked=${chunked}`;
      const res = await sendLargeBody(`${baseURL}${target.path}`, {
        method: target.method,
        headers: target.headers,
        totalBytes: BIG,
        chunked,
      }).catch((err: Error) => {
        throw new Error(`${label}: ${err.message}`);
      });
      expect(res.status, `${label}: ${res.body}`).toBe(413);
      expect(JSON.parse(res.body).error.code).toBe("too_large:body");
    }
  }
  // Bodies within the cap still work, sign-in included.
  expect((await member.patch(`/api/threads/${thread.id}`, { data: { title: "x".repeat(200) } })).status()).toBe(200);
  expect((await member.get("/api/auth/session")).status()).toBe(200);
});

test("file uploads, which have their own cap, also refuse a chunked body past it (413 too_large:upload)", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pid = pidListeningOn(Number(new URL(baseURL!).port));
  const before = pid === null ? 0 : (await peakRssDuring(pid, async () => {})).peak;
  for (const path of [
    `/api/threads/${crypto.randomUUID()}/uploads?name=big.txt`,
    "/api/workspace/files?path=big.txt",
  ]) {
    const method = path.startsWith("/api/workspace") ? "PUT" : "POST";
    const res = await sendLargeBody(`${baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
      totalBytes: BIG,
      chunked: true,
    });
    expect(res.status, `${method} ${path}: ${res.body}`).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe("too_large:upload");
  }
  // Uploads buffer up to their own limit (25 MiB), so only a bound on the growth is checked here.
  if (pid !== null) expect(rssBytes(pid) - before).toBeLessThan(40 * MiB);
  expect((await member.get("/api/health")).status()).toBe(200);
});

test("the demo model refuses a caller without its key before reading the body", async ({ baseURL }) => {
  const pid = pidListeningOn(Number(new URL(baseURL!).port));
  const measure =
    pid === null
      ? async <T>(op: () => Promise<T>) => ({ result: await op(), peak: 0 })
      : <T>(op: () => Promise<T>) => peakRssDuring(pid, op);
  const url = `${baseURL}/api/demo-model/v1/chat/completions`;
  // Load the route's code before measuring (a first request loads it), and take the baseline as the
  // highest RSS over a quiet second, as above: the uploads test before this one leaves the heap settling.
  const warm = await sendLargeBody(url, {
    headers: { "content-type": "application/json" },
    totalBytes: 1024,
    chunked: false,
  });
  expect(warm.status, warm.body).toBe(401);
  const quietSecond = () => new Promise<void>((resolve) => setTimeout(resolve, 1000));
  const before = pid === null ? 0 : (await peakRssDuring(pid, quietSecond)).peak;
  const { result, peak } = await measure(() =>
    sendLargeBody(url, {
      headers: { "content-type": "application/json" },
      totalBytes: BIG,
      chunked: false,
    }),
  );
  expect(result.status, result.body).toBe(401);
  if (pid !== null) expect(peak - before).toBeLessThan(RSS_TOLERANCE);
});

// ---- workspace quota (WORKSPACE_QUOTA_BYTES, set to E2E_WORKSPACE_QUOTA_BYTES for this server) ----

const U = "/home/gem/user-data";
const QUOTA_MESSAGE =
  /^Workspace quota exceeded: [\d.]+ MiB used of 40 MiB, [\d.]+ (MiB|KiB|bytes) free; this write needs [\d.]+ (MiB|KiB)\. Delete files/;

async function freshMember(baseURL: string): Promise<APIRequestContext> {
  const admin = await signInAsAdmin(baseURL);
  const user = await createUser(admin);
  await admin.dispose();
  return signIn(baseURL, user.username, user.password);
}

const text = (bytes: number) => Buffer.alloc(bytes, 0x61);
const putFile = (api: APIRequestContext, path: string, bytes: number) =>
  api.put(`/api/workspace/files?path=${encodeURIComponent(path)}`, {
    data: text(bytes),
    headers: { "content-type": "text/plain" },
  });
const uploadTo = (api: APIRequestContext, threadId: string, bytes: number) =>
  api.post(`/api/threads/${threadId}/uploads`, {
    multipart: { file: { name: "notes.txt", mimeType: "text/plain", buffer: text(bytes) } },
  });

test("uploads and workspace writes past the quota answer 413 too_large:quota with a readable message; deleting makes room", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(E2E_WORKSPACE_QUOTA_BYTES).toBe(40 * MiB);
  const api = await freshMember(baseURL!);
  try {
    const threadId = crypto.randomUUID();
    const first = await uploadTo(api, threadId, 20 * MiB);
    expect(first.status(), await first.text()).toBe(201);
    const second = await putFile(api, "big/second.txt", 19 * MiB);
    expect(second.status(), await second.text()).toBe(200);

    // 39 MiB used of 40: a 2 MiB upload and a 2 MiB PUT are refused, nothing is stored.
    const message = await expectError(await uploadTo(api, threadId, 2 * MiB), 413, "too_large:quota");
    expect(message).toMatch(QUOTA_MESSAGE);
    expect(message).toContain("39 MiB used of 40 MiB, 1 MiB free; this write needs 2 MiB.");
    expect(await expectError(await putFile(api, "third.txt", 2 * MiB), 413, "too_large:quota")).toMatch(QUOTA_MESSAGE);
    expect((await api.get(`/api/workspace/files?path=${encodeURIComponent(`${U}/third.txt`)}`)).status()).toBe(404);
    const uploads = (await (await api.get(`/api/threads/${threadId}/files?path=uploads`)).json()) as {
      entries: unknown[];
    };
    expect(uploads.entries).toHaveLength(1);
    // Replacing a file is charged only its growth; a smaller file always fits.
    expect((await putFile(api, "big/second.txt", 19 * MiB + 512 * 1024)).status()).toBe(200);
    expect((await putFile(api, "big/second.txt", MiB)).status()).toBe(200);
    expect((await uploadTo(api, threadId, 2 * MiB)).status()).toBe(201);

    // Deleting gives the room back.
    expect((await putFile(api, "big/second.txt", 17 * MiB)).status()).toBe(200);
    await expectError(await putFile(api, "third.txt", 2 * MiB), 413, "too_large:quota");
    expect((await api.delete(`/api/workspace/files?path=big`)).status()).toBe(204);
    expect((await putFile(api, "third.txt", 2 * MiB)).status()).toBe(200);
  } finally {
    await api.dispose();
  }
});

test("an agent's write_file past the quota gets a model-readable error instead of writing", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const api = await freshMember(baseURL!);
  try {
    // Fill the workspace to 40 KiB below the quota.
    expect((await putFile(api, "filler-1.txt", 20 * MiB)).status()).toBe(200);
    expect((await putFile(api, "filler-2.txt", 20 * MiB - 40 * 1024)).status()).toBe(200);

    // `auto` lets write_file run without asking inside the conversation's own folder.
    const slug = `quota-${crypto.randomUUID().slice(0, 8)}`;
    const created = await api.post("/api/agents", {
      data: { slug, name: slug, config: { tool_approval_mode: "auto" } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agentId = ((await created.json()) as { id: string }).id;

    const key = `e2e-quota-${slug}`;
    const threadId = crypto.randomUUID();
    const target = `${U}/projects/${threadId}/notes/too-big.md`;
    await mock.script(key, [
      { toolCalls: [{ name: "write_file", args: { file_path: target, content: "q".repeat(64 * 1024) } }] },
      { text: "The workspace is full." },
    ]);
    const { text: answer } = await sendChat(api, threadId, `Save the notes ${scriptMarker(key)}`, { agentId });
    expect(answer).toContain("The workspace is full.");
    const requests = await mock.requests(key);
    const toolMessages = (requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages.filter(
      (m) => m.role === "tool",
    );
    expect(toolMessages).toHaveLength(1);
    expect(toolMessages[0].content).toMatch(
      /Workspace quota exceeded: 40 MiB used of 40 MiB, 40 KiB free; this write needs 64 KiB\./,
    );
    expect((await api.get(`/api/workspace/files?path=${encodeURIComponent(target)}`)).status()).toBe(404);
  } finally {
    await api.dispose();
  }
});
