import { expect, test } from "./test";
import { signInAsAdmin, signInContext, signInPage } from "./helpers/auth";
import { mock, scriptMarker, sendChat } from "./helpers/chat";
import { saveScreenshot } from "./helpers/pages";

/**
 * The scripted model overloads the primary (529 three times): the run switches to the fallback
 * (LLM_FALLBACK_MODEL in playwright.config.ts) and says so in the chat and in the status panel.
 */

const NOTICE = {
  "en-US": /Switched to .*demo-fallback after the primary was overloaded/,
  "zh-CN": /主模型过载，已切换到 .*demo-fallback/,
} as const;

const SCRIPT = [{ fault: { status: 529, repeat: 3 } }, { text: "Answered by the fallback. FALLBACK-DONE" }];

test("an overloaded primary falls back: the notice shows in the chat and in the status panel, also after a reload", async ({
  page,
}) => {
  // Three overloaded attempts before the answer, then a reload, on a shared machine.
  test.setTimeout(120_000);
  const key = `model-switch-${Date.now().toString(36)}`;
  await mock.script(key, SCRIPT);
  await signInPage(page);
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
  await page.reload();
  await expect(page.getByTestId("message-assistant").last().getByTestId("model-switch-note")).toHaveText(
    NOTICE["en-US"],
  );
  await expect(panel.getByTestId("panel-model-switch")).toHaveText(NOTICE["en-US"]);
});

// Both languages, both themes, desktop and phone (the panel is a drawer there): each view its own
// test, on a thread of its own that fell back the same way, run through the API.
test.describe("the fallback notice in each view", () => {
  test.describe.configure({ mode: "parallel" });

  let threadPath: string;
  test.beforeAll(async ({ baseURL }) => {
    const key = `model-switch-views-${Date.now().toString(36)}-${process.pid.toString(36)}`;
    await mock.script(key, SCRIPT);
    const api = await signInAsAdmin(baseURL!);
    const threadId = crypto.randomUUID();
    const chat = await sendChat(api, threadId, `Summarise the week ${scriptMarker(key)}`);
    expect(chat.text).toContain("FALLBACK-DONE");
    await api.dispose();
    threadPath = `/chat/${threadId}`;
  });

  const views: [keyof typeof NOTICE, "light" | "dark", number][] = [
    ["en-US", "light", 1440],
    ["en-US", "dark", 390],
    ["zh-CN", "dark", 1440],
    ["zh-CN", "light", 390],
  ];
  for (const [locale, colorScheme, width] of views) {
    test(`the fallback notice in the chat and the status panel (${locale}, ${colorScheme}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        baseURL,
        locale,
        colorScheme,
        viewport: { width, height: 900 },
      });
      await signInContext(context);
      const view = await context.newPage();
      await view.goto(threadPath);
      const note = view.getByTestId("message-assistant").last().getByTestId("model-switch-note");
      // A cold page load of the thread, on a shared machine: more room than the default 15 s.
      await expect(note).toHaveText(NOTICE[locale], { timeout: 60_000 });
      await saveScreenshot(view, { path: `test-results/model-switch-${locale}-${colorScheme}-${width}-chat.png` });
      const drawer = view.getByTestId("status-panel");
      if (width < 1280) await view.getByTestId("panel-toggle").click();
      await expect(drawer.getByTestId("panel-model-switch")).toHaveText(NOTICE[locale]);
      await expect(drawer.getByTestId("panel-model-switch")).toBeInViewport();
      await saveScreenshot(view, { path: `test-results/model-switch-${locale}-${colorScheme}-${width}-panel.png` });
      await context.close();
    });
  }
});
