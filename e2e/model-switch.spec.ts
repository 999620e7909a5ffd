import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";

/**
 * The scripted model overloads the primary (529 three times): the run switches to the fallback
 * (LLM_FALLBACK_MODEL in playwright.config.ts) and says so in the chat and in the status panel.
 */

const NOTICE = {
  "en-US": /Switched to .*demo-fallback after the primary was overloaded/,
  "zh-CN": /主模型过载，已切换到 .*demo-fallback/,
} as const;

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByTestId("login-username").fill(ADMIN.username);
  await page.getByTestId("login-password").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

test("an overloaded primary falls back: the notice shows in the chat and in the status panel, also after a reload", async ({
  page,
  browser,
}) => {
  // Four more views of the thread after the run itself.
  test.setTimeout(360_000);
  const key = `model-switch-${Date.now().toString(36)}`;
  await mock.script(key, [{ fault: { status: 529, repeat: 3 } }, { text: "Answered by the fallback. FALLBACK-DONE" }]);
  await signIn(page);
  await page.getByTestId("composer-input").fill(`Summarise the week ${scriptMarker(key)}`);
  await page.getByTestId("send-button").click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+/);

  const answer = page.getByTestId("message-assistant").last();
  // Three overloaded attempts, then the fallback's answer: more than the default 15 s on a shared machine.
  await expect(answer).toContainText("FALLBACK-DONE", { timeout: 60_000 });
  await expect(answer.getByTestId("model-switch-note")).toHaveText(NOTICE["en-US"]);
  const panel = page.getByTestId("status-panel");
  await expect(panel.getByTestId("panel-model-switch")).toHaveText(NOTICE["en-US"]);
  await expect(panel.getByTestId("token-usage-card")).toContainText("demo:demo-fallback");
  const served = (await mock.requests(key)).map((r) => [r.model, r.status]);
  expect(served).toEqual([
    ["demo-chat", 529],
    ["demo-chat", 529],
    ["demo-chat", 529],
    ["demo-fallback", 200],
  ]);

  // The part is saved with the message: a reload shows the notice in both places again.
  const threadUrl = page.url();
  await page.reload();
  await expect(page.getByTestId("message-assistant").last().getByTestId("model-switch-note")).toHaveText(
    NOTICE["en-US"],
  );
  await expect(panel.getByTestId("panel-model-switch")).toHaveText(NOTICE["en-US"]);

  // Both languages, both themes, desktop and phone (the panel is a drawer there), signed in as above.
  const storageState = await page.context().storageState();
  const views: [keyof typeof NOTICE, "light" | "dark", number][] = [
    ["en-US", "light", 1440],
    ["en-US", "dark", 390],
    ["zh-CN", "dark", 1440],
    ["zh-CN", "light", 390],
  ];
  for (const [locale, colorScheme, width] of views) {
    const context = await browser.newContext({ storageState, locale, colorScheme, viewport: { width, height: 900 } });
    const view = await context.newPage();
    await view.goto(threadUrl);
    const note = view.getByTestId("message-assistant").last().getByTestId("model-switch-note");
    // A cold page load of the thread, on a shared machine: more room than the default 15 s.
    await expect(note).toHaveText(NOTICE[locale], { timeout: 60_000 });
    await view.screenshot({ path: `test-results/model-switch-${locale}-${colorScheme}-${width}-chat.png` });
    const drawer = view.getByTestId("status-panel");
    if (width < 1280) await view.getByTestId("panel-toggle").click();
    await expect(drawer.getByTestId("panel-model-switch")).toHaveText(NOTICE[locale]);
    await expect(drawer.getByTestId("panel-model-switch")).toBeInViewport();
    await view.screenshot({ path: `test-results/model-switch-${locale}-${colorScheme}-${width}-panel.png` });
    await context.close();
  }
});
