import { expect, test, type Page } from "./test";
import { createUser, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, pageInView, sendAndWait, saveScreenshot } from "./helpers/pages";

/**
 * A long conversation in the browser: a chat that outgrows its agent's (small) summary threshold shows the
 * compression notice, the context ring drops and marks the summary, and the fact from the first
 * message lands in MEMORY.md, which the file panel shows.
 */

const suffix = uniqueName("m").slice(2).toLowerCase();
const FACT = `Remember: my favourite editor is Helix-${suffix}.`;
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/long-${name}.png`;
let agent: { id: string; name: string };
/** A user of its own: the memory job writes to this user's MEMORY.md, which no other spec's prompts read. */
let member: CreatedUser;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  member = await createUser(admin, { role: "user" });
  const name = `Long ${suffix}`;
  // The summary settings are the admin's to set: an admin's agent, shared with the member for use.
  const res = await admin.post("/api/agents", {
    data: {
      slug: `long-${suffix}`,
      name,
      config: { summary_threshold: 4, summary_l2_trigger_ratio: 0.85, summary_keep_messages: 2 },
      sharing: { read: { userIds: [member.id] } },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  agent = { id: ((await res.json()) as { id: string }).id, name };
  await admin.dispose();
});

test.afterAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  if (agent) expect([200, 404]).toContain((await admin.delete(`/api/agents/${agent.id}`)).status());
  await admin.dispose();
});

const ratioOf = async (page: Page) => Number(await page.getByTestId("context-ring").getAttribute("data-ratio"));

test("a long chat is summarised: the notice, the ring dropping, and the first message's fact in MEMORY.md", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const key = `long-${suffix}`;
  await mock.script(key, [{ text: "Noted, a long brief." }, { text: `Still with you ${suffix}.` }]);
  await signInPage(page, member);
  const option = page.getByTestId("agent-option").filter({ hasText: agent.name });
  await clickUntilVisible(page.getByTestId("agent-picker"), option);
  await option.click();

  // About 3,000 tokens of brief: past the 4K threshold with the agent's own prompt, but nothing to cut yet.
  const filler = Array.from({ length: 1500 }, (_, i) => ["lantern", "harbor", "meadow", "copper"][i % 4]).join(" ");
  await sendAndWait(page, `${FACT} ${filler} ${scriptMarker(key)}`, 1);
  await expect(page.getByTestId("compression-note")).toHaveCount(0);
  const before = await ratioOf(page);
  expect(before).toBeGreaterThan(0);

  await sendAndWait(page, `And the next step? ${scriptMarker(key)}`, 2);
  const note = page.getByTestId("message-assistant").last().getByTestId("compression-note");
  await expect(note).toContainText("Earlier messages were summarised");
  await expect(note).toContainText(/1 message, [\d.,]+K? → [\d.,]+K? tokens/);
  const ring = page.getByTestId("context-ring");
  await expect(ring).toHaveAttribute("data-summary", "active");
  // The request that answered is smaller than the one before, though a message was added.
  expect(await ratioOf(page)).toBeLessThan(before * 0.9);
  // The chat itself still shows every message.
  await expect(page.getByTestId("message-user")).toHaveCount(2);
  await expect(page.getByTestId("message-user").first()).toContainText(FACT);
  await saveScreenshot(page, { path: shot("compression-desktop") });

  // The memory job ran in the background: MEMORY.md in the workspace has the fact.
  await clickUntilVisible(page.getByTestId("files-toggle"), page.getByTestId("file-panel"));
  const panel = page.getByTestId("file-panel");
  await panel.getByTestId("file-tab-workspace").click();
  await expect(async () => {
    const folder = panel.locator('[data-testid="file-entry"][data-path$="/agents"]');
    // Collapse and expand again: the folder lists afresh (the job may have written since).
    if ((await folder.getAttribute("aria-expanded")) === "true") await folder.click({ timeout: 2_000 });
    await folder.click({ timeout: 2_000 });
    await panel.locator('[data-testid="file-entry"][data-path$="/agents/MEMORY.md"]').click({ timeout: 2_000 });
    await expect(panel.getByTestId("file-preview")).toContainText(`Helix-${suffix}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await saveScreenshot(page, { path: shot("memory-desktop") });

  // The same conversation on a phone, in Chinese, dark: the notice is translated and the ring marked.
  const { page: mobile, context: phone } = await pageInView(browser, {
    baseURL: baseURL!,
    user: member,
    locale: "zh-CN",
    colorScheme: "dark",
    width: 390,
  });
  await mobile.goto(page.url());
  const zhNote = mobile.getByTestId("compression-note");
  await expect(zhNote).toContainText("已总结较早的消息以节省上下文");
  await expect(zhNote).toContainText(/1 条消息，[\d.,]+[K万]? → [\d.,]+[K万]? token/);
  await expect(mobile.getByTestId("context-ring")).toHaveAttribute("data-summary", "active");
  await zhNote.scrollIntoViewIfNeeded();
  await saveScreenshot(mobile, { path: shot("compression-zh-dark-390") });
  await phone.close();
});
