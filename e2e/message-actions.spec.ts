import { expect, test, type Page } from "./test";
import { signInPage } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { saveScreenshot } from "./helpers/pages";

/** What a user can do with a message: copy either side, rate an answer, see its model and time, continue after Stop. */

async function ask(page: Page, text: string) {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("send-button").click();
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`copy either message, rate the answer (kept after a reload), see its model and time (${viewport.width} px)`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(viewport);
    const key = `e2e-actions-${viewport.width}`;
    await mock.script(key, [{ text: "The answer is **42**." }]);
    await signInPage(page);
    const question = `What is the answer? ${scriptMarker(key)}`;
    await ask(page, question);
    const answer = page.getByTestId("message-assistant").last();
    await expect(answer).toContainText("The answer is 42.");
    await expect(page.getByTestId("send-button")).toBeVisible();

    // Copy: the answer's markdown, the question's text.
    await answer.hover();
    await answer.getByTestId("message-copy").click();
    await expect.poll(() => clipboard(page)).toBe("The answer is **42**.");
    const user = page.getByTestId("message-user").last();
    await user.hover();
    await user.getByTestId("user-message-copy").click();
    await expect.poll(() => clipboard(page)).toBe(question);

    // Model and time on the answer; time on the question.
    await answer.hover();
    await expect(answer.getByTestId("message-model")).toHaveText("demo:demo-chat");
    await expect(answer.getByTestId("message-time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    await page.reload();
    await expect(page.getByTestId("message-user").last().getByTestId("message-time")).toHaveAttribute(
      "datetime",
      /^\d{4}-\d\d-\d\dT/,
    );

    // Rate it up, change to down: each kept across a reload.
    const saved = page.getByTestId("message-assistant").last();
    await saved.hover();
    const up = saved.getByTestId("message-feedback-up");
    const down = saved.getByTestId("message-feedback-down");
    await expect(up).toHaveAttribute("aria-pressed", "false");
    const stored = page.waitForResponse((r) => r.url().includes("/feedback") && r.request().method() === "PUT");
    await up.click();
    expect((await stored).status()).toBe(200);
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await saveScreenshot(page, { path: `test-results/message-actions-${viewport.width}.png` });
    await page.reload();
    await expect(page.getByTestId("message-assistant").last().getByTestId("message-feedback-up")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const changed = page.waitForResponse((r) => r.url().includes("/feedback") && r.request().method() === "PUT");
    await page.getByTestId("message-assistant").last().hover();
    await down.click();
    expect((await changed).status()).toBe(200);
    await expect(up).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(page.getByTestId("message-assistant").last().getByTestId("message-feedback-down")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // Pressing it again takes it back.
    const removed = page.waitForResponse((r) => r.url().includes("/feedback") && r.request().method() === "DELETE");
    await page.getByTestId("message-assistant").last().hover();
    await down.click();
    expect((await removed).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("message-assistant").last().getByTestId("message-feedback-down")).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });
}

test("a stopped answer keeps its actions, and Continue lets it go on", async ({ page }) => {
  const key = "e2e-continue";
  await mock.script(key, [
    { text: Array.from({ length: 400 }, (_, i) => `word${i}`).join(" "), chunkSize: 12, delayMs: 60 },
    { text: "…and that is the rest. CONTINUED" },
  ]);
  await signInPage(page);
  await ask(page, `Write a long essay ${scriptMarker(key)}`);
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("word10");
  await page.getByTestId("stop-button").click();
  await expect(page.getByTestId("send-button")).toBeVisible();
  await expect(answer.getByTestId("message-copy")).toBeAttached();
  await expect(answer.getByTestId("message-feedback-up")).toBeAttached();
  const resume = answer.getByTestId("message-continue");
  await expect(resume).toHaveText("Continue");
  await saveScreenshot(page, { path: "test-results/message-stopped-continue.png" });

  await resume.click();
  await expect(page.getByTestId("message-assistant").last()).toContainText("CONTINUED");
  await expect(page.getByTestId("message-user").last().getByTestId("message-user-text")).toHaveText("Continue");
  await expect(page.getByTestId("message-continue")).toHaveCount(0);
  // The stopped answer is still there, above the continuation.
  await expect(page.getByTestId("message-assistant").first()).toContainText("word10");
});
