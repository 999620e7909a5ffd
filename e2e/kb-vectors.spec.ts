import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { createUser, signIn, signInAsAdmin, type CreatedUser } from "./helpers/auth";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, signInThroughForm, pageInView, type View } from "./helpers/pages";

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
let api: APIRequestContext;
let kbId = "";
let vectors = false;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  manager = await createUser(admin, { role: "user" });
  await admin.dispose();
  api = await signIn(baseURL!, manager.username, manager.password);
  vectors = (await (await api.get("/api/models")).json()).vectorSearch === true;
  const kb = await (await api.post("/api/kbs", { data: { name: uniqueName("Lighthouse") } })).json();
  kbId = kb.id;
  await api.post(`/api/kbs/${kbId}/documents`, {
    multipart: { file: { name: "lighthouse.md", mimeType: "text/markdown", buffer: Buffer.from(NOTE) } },
  });
  await expect
    .poll(async () => (await (await api.get(`/api/kbs/${kbId}/documents`)).json())[0]?.status, { timeout: 20_000 })
    .toBe("indexed");
});
test.afterAll(async () => api?.dispose());

test("a manager turns on search by meaning, and the retrieval test uses it @postgres", async ({ page }) => {
  await signInThroughForm(page, manager);
  await page.goto(`/kbs?kb=${kbId}&tab=retrieval`);
  const modes = page.getByTestId("kb-query-mode");
  await expect(modes.locator('[data-value="hybrid"]')).toBeVisible();
  await expect(modes.locator('[data-value="vector"]')).toHaveCount(0); // no embedding model yet

  await page.getByTestId("kb-tab-settings").click();
  const select = page.getByTestId("kb-settings-embedding-model");
  if (!vectors) {
    await expect(select).toBeDisabled();
    await expect(page.getByText("has no pgvector extension")).toBeVisible();
    await page.screenshot({ path: shot("settings-no-pgvector") });
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
  await signInThroughForm(page, manager);
  await page.goto(`/kbs?kb=${kbId}&tab=settings`);
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

test("search by meaning at desktop and phone, light and dark, English and Chinese", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInThroughForm(page, manager);
  const storageState = await page.context().storageState();
  for (const [locale, colorScheme, width] of [
    ["en", "light", 1440],
    ["zh-CN", "dark", 390],
    ["en", "dark", 390],
    ["zh-CN", "light", 1440],
  ] as const)
    await screenshot(browser, { baseURL: baseURL!, storageState, locale, colorScheme, width });
});

async function screenshot(browser: Browser, view: View) {
  const { locale, colorScheme, width } = view;
  const { page, context } = await pageInView(browser, view);
  const mode = vectors ? "vector" : "hybrid";
  await page.goto(`/kbs?kb=${kbId}&tab=retrieval&q=${encodeURIComponent("spare lamp bulbs")}&mode=${mode}`);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByTestId("kb-query-ran-as")).toHaveAttribute("data-mode", vectors ? "vector" : "bm25");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: shot(`retrieval-${locale}-${colorScheme}-${width}`) });
  await page.goto(`/kbs?kb=${kbId}&tab=settings`);
  await expect(page.getByTestId("kb-settings-embedding-model")).toBeVisible();
  await page.getByTestId("kb-settings-embedding-model").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(`settings-${locale}-${colorScheme}-${width}`) });
  await context.close();
}
