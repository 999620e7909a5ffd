import { expect, test, type Page } from "./test";
import { signInPage } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { saveScreenshot } from "./helpers/pages";

/** Keyboard shortcuts: new chat, focus the message box, stop with Escape, and the help dialog. */

const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test("Escape stops a streaming answer; Ctrl+Shift+O starts a new chat; / focuses the message box", async ({ page }) => {
  const key = "e2e-shortcut-stop";
  await mock.script(key, [
    {
      text: `${Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ")} NEVER-REACHED`,
      chunkSize: 12,
      delayMs: 60,
    },
  ]);
  await signInPage(page);
  const input = page.getByTestId("composer-input");
  await input.fill(`Write at length ${scriptMarker(key)}`);
  await page.getByTestId("send-button").click();
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("word10");
  await blur(page);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("send-button")).toBeVisible();
  await expect(page.getByTestId("status-panel").getByTestId("run-status").locator("[data-status]")).toHaveAttribute(
    "data-status",
    "cancelled",
  );
  await expect(answer).not.toContainText("NEVER-REACHED");
  const stopped = page.url();
  expect(stopped).toMatch(/\/chat\//);

  // "/" from anywhere but a field focuses the message box, and is not typed into it.
  await blur(page);
  await page.keyboard.press("/");
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("");
  // In the box, "/" and "?" are just text.
  await page.keyboard.type("a/b?");
  await expect(input).toHaveValue("a/b?");
  await expect(page.getByTestId("shortcuts-dialog")).toBeHidden();

  // A new chat, even from inside the message box.
  await page.keyboard.press("Control+Shift+O");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("suggestion").first()).toBeVisible();
  await expect(page.getByTestId("message-user")).toHaveCount(0);
});

test("? lists the shortcuts in the user's language; Escape closes the list without stopping anything", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "locale", value: "zh-CN", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page);
  await blur(page);
  await page.keyboard.press("Shift+?");
  const dialog = page.getByTestId("shortcuts-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("键盘快捷键");
  await expect(dialog.getByTestId("shortcut")).toHaveCount(4);
  await expect(dialog.locator('[data-shortcut="newChat"]')).toContainText("新对话");
  await expect(dialog.locator('[data-shortcut="newChat"] kbd')).toHaveText(["Ctrl", "Shift", "O"]);
  await expect(dialog.locator('[data-shortcut="search"]')).toHaveCount(0);
  await saveScreenshot(page, { path: "test-results/shortcuts-zh-390.png" });
  // The page's notification area is named in the user's language too.
  await expect(page.getByRole("region", { name: "通知 alt+T" })).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
