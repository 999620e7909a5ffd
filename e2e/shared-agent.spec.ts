import { expect, test } from "./test";
import { createUser, signIn, signInAsAdmin } from "./helpers/auth";
import { clickUntilVisible, pageInView, saveScreenshot, sendAndWait } from "./helpers/pages";
import { mock, scriptMarker } from "./helpers/chat";

/**
 * An agent another user wrote runs their instructions, so the chat says whose they are:
 * "by …" in the picker, and "Instructions by …" above the message box, for a new chat and again
 * when the conversation is reopened. The seeded default agent shows no such line.
 */
const views = [
  { locale: "en", colorScheme: "light", width: 1440, by: "by ", notice: "Instructions by " },
  { locale: "zh-CN", colorScheme: "dark", width: 390, by: "作者：", notice: "指令作者：" },
] as const;

const nobody = { global: false, departmentIds: [], userIds: [] };

for (const { locale, colorScheme, width, by, notice } of views) {
  test(`a shared agent names its author in the picker and the chat (${locale}, ${width}px)`, async ({
    browser,
    baseURL,
  }) => {
    const admin = await signInAsAdmin(baseURL!);
    // A long unbroken name: it must wrap inside the line, never widen the page.
    const authorName = `Aurelia${"Lindqvist".repeat(8)}`;
    const [author, reader] = await Promise.all([createUser(admin, { displayName: authorName }), createUser(admin)]);
    const authorApi = await signIn(baseURL!, author.username, author.password);
    const agentName = `Tide tables ${crypto.randomUUID().slice(0, 6)}`;
    const created = await authorApi.post("/api/agents", {
      data: {
        slug: `tides-${crypto.randomUUID().slice(0, 8)}`,
        name: agentName,
        description: "Answers with the tides of the day.",
        sharing: { read: { ...nobody, userIds: [reader.id] }, manage: nobody },
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const { page, context } = await pageInView(browser, {
      baseURL: baseURL!,
      user: reader,
      locale,
      colorScheme,
      width,
    });
    await page.goto("/");
    await expect(page.getByTestId("agent-picker")).toBeVisible();
    await expect(page.getByTestId("agent-author-notice")).toHaveCount(0); // the seeded default is nobody's

    const option = page.getByTestId("agent-option").filter({ hasText: agentName });
    await clickUntilVisible(page.getByTestId("agent-picker"), option);
    await expect(option.getByTestId("agent-option-author")).toHaveText(`${by}${authorName}`);
    await saveScreenshot(page, { path: `test-results/shared-agent-picker-${locale}-${width}.png` });
    await option.click();
    const line = page.getByTestId("agent-author-notice");
    await expect(line).toContainText(`${notice}${authorName}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, { path: `test-results/shared-agent-new-${locale}-${width}.png` });

    const key = `shared-agent-${crypto.randomUUID()}`;
    await mock.script(key, [{ text: "High tide at 14:20." }]);
    await sendAndWait(page, `When is high tide? ${scriptMarker(key)}`, 1);
    await expect(page).toHaveURL(/\/chat\/[^/]+$/);
    await page.reload();
    await expect(page.getByTestId("message-assistant")).toContainText("High tide at 14:20.");
    await expect(page.getByTestId("agent-author-notice")).toContainText(`${notice}${authorName}`);
    await saveScreenshot(page, { path: `test-results/shared-agent-thread-${locale}-${width}.png` });
    await Promise.all([context.close(), admin.dispose(), authorApi.dispose()]);
  });
}
