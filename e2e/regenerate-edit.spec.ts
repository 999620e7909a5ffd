import { expect, test } from "./test";
import { ADMIN, signInPage } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { pageInView, sendAndWait, saveScreenshot } from "./helpers/pages";

/** Regenerate replaces the last answer; editing an earlier message forks the conversation from there. */

const suffix = uniqueName("r").slice(2).toLowerCase();
const key = `regen-${suffix}`;
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/regen-${name}.png`;

test("regenerate the last answer, then edit the first question: the chat follows the new branch, also after a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await mock.script(key, [
    { text: `First answer ${suffix}` },
    { text: `Second answer ${suffix}` },
    { text: `Regenerated answer ${suffix}` },
    { text: `Answer to the edit ${suffix}` },
  ]);
  await signInPage(page, ADMIN);
  await sendAndWait(page, `Question one ${scriptMarker(key)}`, 1);
  await sendAndWait(page, `Question two ${scriptMarker(key)}`, 2);
  const answers = page.getByTestId("message-assistant");
  await expect(answers.last()).toContainText(`Second answer ${suffix}`);
  // Only the last answer offers regenerate.
  await expect(answers.first().getByTestId("message-regenerate")).toHaveCount(0);

  await answers.last().hover();
  await answers.last().getByTestId("message-regenerate").click();
  await expect(answers.last()).toContainText(`Regenerated answer ${suffix}`, { timeout: 30_000 });
  await expect(answers).toHaveCount(2);
  await expect(page.getByText(`Second answer ${suffix}`)).toHaveCount(0);
  await expect(page.getByTestId("send-button")).toBeVisible({ timeout: 30_000 });

  // Edit the first question: everything after it is replaced by the new answer.
  const first = page.getByTestId("message-user").first();
  await first.hover();
  await first.getByTestId("message-edit").click();
  const input = first.getByTestId("message-edit-input");
  await expect(input).toBeFocused();
  await input.fill(`Question one, reworded ${scriptMarker(key)}`);
  await saveScreenshot(page, { path: shot("editing-desktop") });
  await first.getByTestId("message-edit-save").click();
  await expect(answers).toHaveCount(1, { timeout: 30_000 });
  await expect(answers.first()).toContainText(`Answer to the edit ${suffix}`);
  await expect(page.getByTestId("message-user")).toHaveCount(1);
  await expect(page.getByTestId("message-user").first()).toContainText("Question one, reworded");
  await expect(page.getByTestId("send-button")).toBeVisible({ timeout: 30_000 });

  // The model got the reworded question with no history after it.
  const requests = await mock.requests(key);
  const last = requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
  const said = last.messages.filter((m) => m.role !== "system").map((m) => `${m.role}:${JSON.stringify(m.content)}`);
  expect(said).toHaveLength(1);
  expect(said[0]).toContain("Question one, reworded");

  await page.reload();
  await expect(page.getByTestId("message-assistant")).toHaveCount(1);
  await expect(page.getByTestId("message-assistant").first()).toContainText(`Answer to the edit ${suffix}`);

  // The actions on a phone, in Chinese and dark: labelled and reachable without hover.
  const { page: mobile, context: phone } = await pageInView(browser, {
    baseURL: baseURL!,
    storageState: await page.context().storageState(),
    locale: "zh-CN",
    colorScheme: "dark",
    width: 390,
  });
  await mobile.goto(page.url());
  await expect(mobile.getByTestId("message-regenerate")).toHaveAttribute("aria-label", "重新生成");
  await expect(mobile.getByTestId("message-edit")).toHaveAttribute("aria-label", "编辑消息");
  await mobile.getByTestId("message-edit").click();
  await expect(mobile.getByTestId("message-edit-save")).toHaveText("发送");
  await saveScreenshot(mobile, { path: shot("editing-zh-dark-390") });
  await mobile.getByTestId("message-edit-cancel").click();
  await expect(mobile.getByTestId("message-edit-input")).toHaveCount(0);
  await phone.close();
});
