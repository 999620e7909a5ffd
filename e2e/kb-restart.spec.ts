import { expect, test, type APIRequestContext } from "./test";
import { ADMIN, signIn } from "./helpers/auth";
import { extraPort, restartableServer } from "./helpers/restartable-server";

/**
 * Killing the server during indexing and starting it again finishes the job. The test
 * runs its own app server (same build, its own data directory or database), uploads a document
 * big enough to take seconds to index, kills the whole server with SIGKILL while the document is
 * being indexed, starts it again on the same data, and watches the document reach "indexed" in
 * the page. The job's lease is shortened so the takeover comes within seconds.
 */

const server = restartableServer({
  port: Number(process.env.E2E_RESTART_PORT || extraPort(361)),
  leaseMs: 4000,
  name: "kb-restart",
});
const BASE = server.base;

const SECTIONS = 12_000;

/** About 19 MB of markdown (the upload limit is 25 MiB): many sections of distinct sentences, so indexing takes seconds. */
function bigManual(): Buffer {
  const parts: string[] = ["# Harbour operations manual"];
  for (let s = 0; s < SECTIONS; s++) {
    parts.push(`\n## Berth ${s}\n`);
    for (let p = 0; p < 12; p++)
      parts.push(
        `Berth ${s} rule ${p}: vessels of class ${(s * 7 + p) % 97} moor on the ${p % 2 ? "north" : "south"} quay, report to tower ${s % 13}, and log cargo code K${s}-${p}.`,
      );
  }
  parts.push("\n## Closing\nThe harbour master signs the night ledger at midnight.");
  return Buffer.from(parts.join("\n"));
}

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(() => server.prepare());
test.afterAll(() => server.cleanUp());

test("a document being indexed when the server is killed is indexed after it starts again @postgres", async ({
  page,
}) => {
  await server.start();
  let api: APIRequestContext = await signIn(BASE, ADMIN.username, ADMIN.password);
  // Keyword search only: the test is about the job's takeover; embedding 19 MB through the demo
  // model would add about a minute to indexing.
  const kb = await (await api.post("/api/kbs", { data: { name: "Harbour", embeddingModel: null } })).json();
  const file = bigManual();
  const upload = await api.post(`/api/kbs/${kb.id}/documents`, {
    multipart: { file: { name: "harbour.md", mimeType: "text/markdown", buffer: file } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const [{ id: docId }] = await upload.json();
  const uploadedAt = Date.now();

  // Kill it mid-way: while the document is indexing with some chunks written.
  const status = async (ctx: APIRequestContext) =>
    (await (await ctx.get(`/api/kbs/${kb.id}/documents/${docId}`)).json()) as { status: string; progress: number };
  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        const s = await status(api);
        if (seen.at(-1) !== `${s.status} ${s.progress}`) seen.push(`${s.status} ${s.progress}`);
        if (s.status === "indexed")
          throw new Error(
            `indexed ${Date.now() - uploadedAt} ms after the upload, before it could be interrupted: ${seen.join(", ")}`,
          );
        return s.status === "indexing" && s.progress > 0;
      },
      { timeout: 90_000, intervals: [100] },
    )
    .toBe(true);
  console.log(`[kb-restart] statuses seen in ${Date.now() - uploadedAt} ms: ${seen.join(", ")}`);
  const before = await status(api);
  console.log(
    `[kb-restart] killing the server at ${before.status} ${before.progress}% (${(file.length / 1e6).toFixed(1)} MB)`,
  );
  server.kill();
  await api.dispose();

  const restartedAt = Date.now();
  await server.start();
  api = await signIn(BASE, ADMIN.username, ADMIN.password);

  // The page shows it reaching "Indexed" without anyone retrying it.
  await page.goto(`${BASE}/login`);
  await page.getByTestId("login-username").fill(ADMIN.username);
  await page.getByTestId("login-password").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
  await page.goto(`${BASE}/kbs?kb=${kb.id}`);
  const row = page.getByTestId("kb-document").filter({ hasText: "harbour.md" });
  await expect(row).toHaveAttribute("data-status", "indexed", { timeout: 150_000 });
  console.log(`[kb-restart] indexed ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart began`);

  // Every chunk is there once: the job started the interrupted stage over, it did not add to it.
  const hits = await (
    await api.post(`/api/kbs/${kb.id}/query`, {
      data: { query: "harbour master signs the night ledger", mode: "bm25" },
    })
  ).json();
  expect(hits.results[0].content).toContain("night ledger");
  expect(hits.results.filter((r: { content: string }) => r.content.includes("night ledger"))).toHaveLength(1);
  await api.dispose();
});
