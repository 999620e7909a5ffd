import { expect, test, type Browser } from "./test";
import { createUser, signIn, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, oncePerWorker, pageInView, type View, saveScreenshot } from "./helpers/pages";

/**
 * Search by meaning in the browser: a manager picks the demo embedding model in the settings,
 * the documents are embedded again in the background, and the retrieval test offers "Meaning"
 * and says which search ran. Where the database has no pgvector (CI's PostgreSQL 15) the
 * setting is disabled with the reason and the retrieval test offers keywords only.
 */

const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/kb-vectors-${name}.png`;
const NOTE = [
  "# Lighthouse log",
  "",
  "## Fog",
  "",
  "The keeper sounds the fog horn every evening at nine and writes the visibility in the log.",
  "",
  "## Lamps",
  "",
  "Spare lamp bulbs are kept in the brass cabinet at the foot of the stairs.",
].join("\n");

let manager: CreatedUser;
let kbId = "";
let vectors = false;

/**
 * A user of its own with the lighthouse log indexed in a knowledge base of theirs (`settings` at
 * creation; by default keyword-only, as a manager who chose no embedding model left it).
 */
async function lighthouse(
  baseURL: string,
  settings: (vectors: boolean) => Record<string, string | null> = () => ({ embeddingModel: null }),
) {
  const admin = await signInAsAdmin(baseURL);
  const user = await createUser(admin, { role: "user" });
  await admin.dispose();
  const api = await signIn(baseURL, user.username, user.password);
  const withVectors = (await (await api.get("/api/models")).json()).vectorSearch === true;
  const res = await api.post("/api/kbs", { data: { name: uniqueName("Lighthouse"), ...settings(withVectors) } });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const upload = await api.post(`/api/kbs/${id}/documents`, {
    multipart: { file: { name: "lighthouse.md", mimeType: "text/markdown", buffer: Buffer.from(NOTE) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await expect
    .poll(async () => (await (await api.get(`/api/kbs/${id}/documents`)).json())[0]?.status, { timeout: 20_000 })
    .toBe("indexed");
  await api.dispose();
  return { user, kbId: id, vectors: withVectors };
}

// The first two tests share one knowledge base, in order: the second adds a rerank model to it.
test.describe(() => {
  test.beforeAll(async ({ baseURL }) => {
    ({ user: manager, kbId, vectors } = await lighthouse(baseURL!));
  });

  test("a manager turns on search by meaning, and the retrieval test uses it @postgres", async ({ page }) => {
    await signInPage(page, manager, `/kbs?kb=${kbId}&tab=retrieval`);
    const modes = page.getByTestId("kb-query-mode");
    await expect(modes.locator('[data-value="hybrid"]')).toBeVisible();
    await expect(modes.locator('[data-value="vector"]')).toHaveCount(0); // no embedding model yet
    // Hybrid runs on keywords alone, and says why.
    await page.getByTestId("kb-query-input").fill("where are the spare lamp bulbs kept");
    await page.getByTestId("kb-query-submit").click();
    await expect(page.getByTestId("kb-query-ran-as")).toHaveText("Searched by Keyword · no embedding model is set");
    await saveScreenshot(page, { path: shot("keyword-only-reason") });

    await page.getByTestId("kb-tab-settings").click();
    const select = page.getByTestId("kb-settings-embedding-model");
    if (!vectors) {
      await expect(select).toBeDisabled();
      await expect(page.getByText("has no pgvector extension")).toBeVisible();
      await saveScreenshot(page, { path: shot("settings-no-pgvector") });
      return;
    }
    await expect(select).toBeEnabled();
    await select.selectOption("demo:demo-embedding");
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/kbs/${kbId}`) && r.request().method() === "PATCH");
    await page.getByTestId("kb-settings-save").click();
    expect((await (await saved).json()).embeddingModel).toBe("demo:demo-embedding");

    // The document is embedded again in the background; the search by meaning then finds it.
    await page.getByTestId("kb-tab-retrieval").click();
    await clickUntilVisible(
      modes.locator('[data-value="vector"]'),
      modes.locator('[data-value="vector"][aria-checked="true"]'),
    );
    await page.getByTestId("kb-query-input").fill("where are the spare lamp bulbs kept");
    await expect(async () => {
      await page.getByTestId("kb-query-submit").click();
      await expect(page.getByTestId("kb-query-ran-as")).toHaveAttribute("data-mode", "vector", { timeout: 2_000 });
      await expect(page.getByTestId("kb-query-results")).toContainText("brass cabinet", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId("kb-query-ran-as")).toHaveText("Searched by Meaning");
    expect(page.url()).toContain("mode=vector");

    // Hybrid now runs as hybrid, not as keywords alone.
    await modes.locator('[data-value="hybrid"]').click();
    await page.getByTestId("kb-query-submit").click();
    await expect(page.getByTestId("kb-query-ran-as")).toHaveAttribute("data-mode", "hybrid");
  });

  test("a manager picks a rerank model, and the retrieval test says the passages were reranked", async ({ page }) => {
    await signInPage(page, manager, `/kbs?kb=${kbId}&tab=settings`);
    const select = page.getByTestId("kb-settings-rerank-model");
    await expect(select.locator("option", { hasText: "demo:demo-rerank" })).toHaveCount(1);
    await select.selectOption("demo:demo-rerank");
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/kbs/${kbId}`) && r.request().method() === "PATCH");
    await page.getByTestId("kb-settings-save").click();
    expect((await (await saved).json()).rerankModel).toBe("demo:demo-rerank");
    await page.goto(`/kbs?kb=${kbId}&tab=retrieval&q=${encodeURIComponent("brass cabinet lamp bulbs")}&mode=bm25`);
    await expect(page.getByTestId("kb-query-ran-as")).toHaveText("Searched by Keyword · reranked");
    await expect(page.getByTestId("kb-query-results").locator("li").first()).toContainText("brass cabinet");
  });
});

/**
 * The views, one test each: a knowledge base as the first two tests leave theirs (the demo
 * embedding model where the database has pgvector, the demo rerank model), made through the API
 * once per worker for a user of its own.
 */
const views = oncePerWorker((baseURL) =>
  lighthouse(baseURL, (withVectors) => ({
    ...(withVectors ? { embeddingModel: "demo:demo-embedding" } : {}),
    rerankModel: "demo:demo-rerank",
  })),
);

test.describe("search by meaning at desktop and phone, light and dark, English and Chinese", () => {
  test.describe.configure({ mode: "parallel" });
  let seeded: Awaited<ReturnType<typeof lighthouse>>;

  test.beforeAll(async ({ baseURL }) => {
    seeded = await views(baseURL!);
  });

  for (const [locale, colorScheme, width] of [
    ["en", "light", 1440],
    ["zh-CN", "dark", 390],
    ["en", "dark", 390],
    ["zh-CN", "light", 1440],
  ] as const)
    test(`search by meaning (${locale}, ${colorScheme}, ${width} px)`, async ({ browser, baseURL }) => {
      await screenshot(browser, { baseURL: baseURL!, user: seeded.user, locale, colorScheme, width }, seeded);
    });
});

async function screenshot(browser: Browser, view: View, { kbId, vectors }: { kbId: string; vectors: boolean }) {
  const { locale, colorScheme, width } = view;
  const { page, context } = await pageInView(browser, view);
  const mode = vectors ? "vector" : "hybrid";
  await page.goto(`/kbs?kb=${kbId}&tab=retrieval&q=${encodeURIComponent("spare lamp bulbs")}&mode=${mode}`);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByTestId("kb-query-ran-as")).toHaveAttribute("data-mode", vectors ? "vector" : "bm25");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await saveScreenshot(page, { path: shot(`retrieval-${locale}-${colorScheme}-${width}`) });
  await page.goto(`/kbs?kb=${kbId}&tab=settings`);
  await expect(page.getByTestId("kb-settings-embedding-model")).toBeVisible();
  await page.getByTestId("kb-settings-embedding-model").scrollIntoViewIfNeeded();
  await saveScreenshot(page, { path: shot(`settings-${locale}-${colorScheme}-${width}`) });
  await context.close();
}
