import { expect, test, type Page } from "./test";
import { ADMIN, signInPage } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { saveScreenshot } from "./helpers/pages";

/** The walking skeleton in a real browser: sign in, chat, live todos and usage, reload, stop. */

const slowAnswer = (words: number, end: string) => ({
  text: `${Array.from({ length: words }, (_, i) => `word${i}`).join(" ")} ${end}`,
  chunkSize: 12,
  delayMs: 60,
});

async function send(page: Page, text: string) {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("send-button").click();
}

test("sign in, stream an answer with live todos and token usage, survive a reload mid-answer", async ({ page }) => {
  await mock.script("e2e-stream", [
    {
      toolCalls: [
        {
          name: "write_todos",
          args: {
            todos: [
              { content: "Read the question", status: "completed" },
              { content: "Draft the answer", status: "in_progress" },
              { content: "Check the facts", status: "pending" },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 1200, completion_tokens: 40, cached_tokens: 600 },
    },
    {
      ...slowAnswer(300, "THE-END-OF-ANSWER"),
      usage: { prompt_tokens: 1400, completion_tokens: 200, cached_tokens: 1024 },
    },
  ]);
  // The login form itself, reached from the chat's address (the other tests sign in through the API).
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId("login-username").fill(ADMIN.username);
  await page.getByTestId("login-password").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
  await expect(page.getByTestId("demo-banner")).toBeVisible();

  await send(page, `Plan my week ${scriptMarker("e2e-stream")}`);
  await expect(page).toHaveURL(/\/chat\/[\w-]+/);
  const panel = page.getByTestId("status-panel");
  // Todos appear while the answer is still streaming.
  await expect(panel.getByTestId("todo-item")).toHaveCount(3);
  await expect(panel.getByTestId("todo-item").nth(1)).toHaveAttribute("data-status", "in_progress");
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("word5");
  await expect(answer).not.toContainText("THE-END-OF-ANSWER");
  await expect(panel.getByTestId("token-usage-card")).toContainText("demo:demo-chat");

  // Reload mid-answer: the page reconnects to the running stream and the answer completes.
  await page.reload();
  await expect(page.getByTestId("message-assistant").last()).toContainText("THE-END-OF-ANSWER", { timeout: 30_000 });
  await expect(page.getByTestId("message-assistant")).toHaveCount(1);
  await expect(page.getByTestId("message-user")).toHaveCount(1);

  const card = page.getByTestId("status-panel").getByTestId("token-usage-card");
  await expect(card.getByTestId("token-bucket")).toHaveCount(1);
  await expect(card.getByTestId("token-bucket")).toContainText("demo:demo-chat");
  await expect(card.getByTestId("cache-hit-rate")).toContainText(/6[0-3](\.\d)?\s?%/); // (600+1024)/(1200+1400)
  await expect(page.getByTestId("context-ring")).toBeVisible();
  await saveScreenshot(page, { path: "test-results/chat-completed.png", fullPage: true });
});

test("stop keeps the partial answer, also after a reload", async ({ page }) => {
  await mock.script("e2e-stop", [slowAnswer(400, "NEVER-REACHED")]);
  await signInPage(page);
  await send(page, `Write a long essay ${scriptMarker("e2e-stop")}`);
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("word10");
  await page.getByTestId("stop-button").click();
  await expect(page.getByTestId("send-button")).toBeVisible();
  const partial = (await answer.innerText()).trim();
  expect(partial).toContain("word10");
  expect(partial).not.toContain("NEVER-REACHED");

  await page.reload();
  const reloaded = page.getByTestId("message-assistant").last();
  await expect(reloaded).toContainText("word10");
  await expect(reloaded).not.toContainText("NEVER-REACHED");
  await expect(page.getByTestId("status-panel").getByTestId("run-status")).toContainText(/cancel|stopp/i);
  await saveScreenshot(page, { path: "test-results/chat-stopped.png", fullPage: true });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a suggestion fills the composer for the user to finish, and sends nothing (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInPage(page);
    const suggestion = page.getByTestId("suggestion").first();
    await expect(suggestion).toBeVisible();
    await suggestion.click();

    const input = page.getByTestId("composer-input");
    await expect(input).toHaveValue(/^Help me plan the launch of a small product/);
    await expect(input).toBeFocused();
    // The caret is after the text, ready for the user's own words.
    const caret = await input.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.value.length]);
    expect(caret[0]).toBe(caret[1]);
    await expect(page).not.toHaveURL(/\/chat\//);
    await expect(page.getByTestId("message-user")).toHaveCount(0);

    await page.keyboard.type(" It is a coffee grinder.");
    await page.getByTestId("send-button").click();
    await expect(page.getByTestId("message-user")).toHaveText(/small product.*It is a coffee grinder\.$/s);
    await saveScreenshot(page, { path: `test-results/suggestion-${viewport.width}.png` });
  });
}

test("the context ring writes its share, shows its tokens on focus and on tap, and rounds like the panel and the picker", async ({
  page,
  browser,
  baseURL,
}) => {
  await mock.script("e2e-ring", [{ text: "A short answer.", usage: { prompt_tokens: 900, completion_tokens: 5 } }]);
  await signInPage(page);
  const ring = page.getByTestId("context-ring");
  // Before the first reply: no number, and the label says why.
  await expect(ring).toBeVisible();
  await expect(ring.getByTestId("context-percent")).toHaveCount(0);
  await expect(ring).toHaveAttribute("aria-label", /after the first reply/);

  await send(page, `Hello ${scriptMarker("e2e-ring")}`);
  await expect(page.getByTestId("message-assistant").last()).toContainText("A short answer.");
  await expect(page.getByTestId("send-button")).toBeVisible();
  const ratio = Number(await ring.getAttribute("data-ratio"));
  expect(ratio).toBeGreaterThan(0);
  const expected = ratio < 0.01 ? "<1%" : `${Math.round(ratio * 100)}%`;
  await expect(ring.getByTestId("context-percent")).toHaveText(expected);

  // Keyboard focus shows the tokens behind the number; the window reads as the panel writes it.
  const label = page.getByTestId("context-label");
  await expect(label).toBeHidden();
  await page.getByTestId("composer-input").focus();
  for (let i = 0; i < 12 && !(await ring.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(ring).toBeFocused();
  await expect(label).toBeVisible();
  await expect(label).toContainText(`/ 65.5K tokens · ${expected}`);
  await expect(page.getByTestId("status-panel").getByTestId("context-usage")).toContainText(`/ 65.5K · ${expected}`);
  await page.getByTestId("model-picker").click();
  await expect(page.locator('[data-testid="model-option"][data-spec="demo:demo-chat"]')).toContainText("· 65.5K");
  await page.keyboard.press("Escape");

  // A phone has no hover: a tap shows the label, a tap elsewhere hides it.
  const phone = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const mobile = await phone.newPage();
  await mobile.goto(page.url());
  const mobileRing = mobile.getByTestId("context-ring");
  await expect(mobileRing.getByTestId("context-percent")).toHaveText(expected);
  await mobileRing.tap();
  await expect(mobile.getByTestId("context-label")).toBeVisible();
  await saveScreenshot(mobile, { path: "test-results/context-ring-tap-390.png" });
  await mobile.getByTestId("message-assistant").last().tap();
  await expect(mobile.getByTestId("context-label")).toBeHidden();
  await phone.close();
});

test("the first answer gives the chat a short plain title in the user's language, in the sidebar and the tab", async ({
  page,
}) => {
  await mock.script("e2e-title", [{ text: "Use `print(n)` in a loop." }, { text: "好的，这是邮件。" }]);
  await signInPage(page);
  await send(page, `\`\`\`python\nprint(1)\n\`\`\` how do I **print** numbers? ${scriptMarker("e2e-title")}`);
  await expect(page.getByTestId("message-assistant").last()).toContainText("in a loop");
  const threadId = page.url().split("/chat/")[1];
  const title = page.locator(`a[href="/chat/${threadId}"] [data-testid="thread-title"]`);
  await expect(title).toHaveText("Print numbers", { timeout: 15_000 });
  await expect(page).toHaveTitle("Print numbers · Meridian");

  await page.getByTestId("new-chat").click();
  await send(page, `请帮我写一封请假邮件 ${scriptMarker("e2e-title")}`);
  await expect(page.getByTestId("message-assistant").last()).toContainText("好的");
  const zhId = page.url().split("/chat/")[1];
  await expect(page.locator(`a[href="/chat/${zhId}"] [data-testid="thread-title"]`)).toHaveText(
    "请帮我写一封请假邮件",
    {
      timeout: 15_000,
    },
  );
});
