import { expect, test } from "./test";
import { ADMIN, signInAsAdmin, signInPage } from "./helpers/auth";
import { mock, scriptMarker, sendChat } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { pageInView, saveScreenshot } from "./helpers/pages";

/**
 * Subagents in the browser: the main agent delegates to the seeded researcher with `task`. The
 * answer's subagent card and the status panel's subagents section follow the child live (its
 * plan while its model is still thinking), then show it done with duration and tokens, and the
 * panel opens the child's transcript, also after a reload, in both languages and themes.
 */

const suffix = uniqueName("s").slice(2).toLowerCase();
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/subagents-${name}.png`;

/**
 * Scripts a parent that delegates to the seeded researcher with `task`, and the child's plan and
 * answer (after `childDelayMs`); returns the parent's script key.
 */
async function scriptDelegation(run: string, childDelayMs: number): Promise<string> {
  const parent = `sub-p-${run}-${suffix}`;
  const child = `sub-c-${run}-${suffix}`;
  const task = `Find the launch date of Orion-${suffix} ${scriptMarker(child)}`;
  await mock.script(parent, [
    { toolCalls: [{ name: "task", args: { description: task, subagent_slug: "researcher" } }] },
    { text: `The researcher says the launch is on Tuesday (${suffix}).` },
  ]);
  await mock.script(child, [
    {
      toolCalls: [
        {
          name: "write_todos",
          args: {
            todos: [
              { content: "Search the knowledge bases", status: "completed" },
              { content: "Read the sources", status: "in_progress" },
              { content: "Write the findings", status: "pending" },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 40 },
    },
    {
      firstTokenDelayMs: childDelayMs,
      text: `**Answer**: Orion-${suffix} launches on Tuesday.`,
      usage: { prompt_tokens: 1_000, completion_tokens: 12 },
    },
  ]);
  return parent;
}

test("a delegated task shows live in the answer and the status panel, then its transcript", async ({ page }) => {
  test.setTimeout(120_000);
  // Long enough to see the child working in the browser.
  const parent = await scriptDelegation("live", 10_000);
  await signInPage(page, ADMIN);
  await page.getByTestId("composer-input").fill(`When does Orion launch? ${scriptMarker(parent)}`);
  await page.getByTestId("send-button").click();

  // Live: the child has a plan and is still waiting for its model.
  const card = page.getByTestId("message-assistant").last().getByTestId("subagent-card");
  await expect(card).toHaveAttribute("data-status", "progress");
  await expect(card).toContainText("Researcher");
  await expect(card).toContainText("1 of 3 steps");
  const panel = page.getByTestId("status-panel");
  const row = panel.getByTestId("subagent-run");
  await expect(row).toHaveAttribute("data-status", "running");
  await expect(row).toContainText("Researcher");
  await expect(row).toContainText(`Find the launch date of Orion-${suffix}`);
  await expect(row.getByTestId("subagent-run-details")).toContainText("1 of 3 steps");
  await saveScreenshot(page, { path: shot("live-desktop") });

  // Done: the parent answered; the child's own figures (not the parent's) are on its row.
  await expect(page.getByTestId("message-assistant").last()).toContainText(`launch is on Tuesday (${suffix})`);
  await expect(card).toHaveAttribute("data-status", "completed");
  await expect(row).toHaveAttribute("data-status", "completed");
  await expect(row.getByTestId("subagent-run-details")).toContainText(/\d+(\.\d)? s/);
  await expect(row.getByTestId("subagent-run-details")).toContainText("1,900 in · 52 out");
  // The child's answer never streamed into the parent's; the card stands for the `task` call (no second card).
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).not.toContainText("launches on Tuesday");
  await expect(answer.getByTestId("tool-card")).toHaveCount(0);
  // The card opens the child's transcript in place.
  await card.getByTestId("subagent-card-toggle").click();
  await expect(card.getByTestId("subagent-transcript")).toContainText(`Orion-${suffix} launches on Tuesday`);
  await card.getByTestId("subagent-card-toggle").click();
  await expect(card.getByTestId("subagent-transcript")).toHaveCount(0);

  // The transcript is read from the child thread.
  await row.getByTestId("subagent-run-toggle").click();
  const transcript = row.getByTestId("subagent-transcript");
  await expect(transcript.locator('[data-role="user"]')).toContainText(`Find the launch date of Orion-${suffix}`);
  await expect(transcript.locator('[data-role="assistant"]').last()).toContainText(
    `Orion-${suffix} launches on Tuesday`,
  );
  await expect(transcript).toContainText("Updated plan");
  await saveScreenshot(page, { path: shot("transcript-desktop") });

  // After a reload the section comes from the server's run rows.
  await page.reload();
  const reloaded = page.getByTestId("status-panel").getByTestId("subagent-run");
  await expect(reloaded).toHaveAttribute("data-status", "completed");
  await expect(reloaded.getByTestId("subagent-run-details")).toContainText("1,900 in · 52 out");
  await reloaded.getByTestId("subagent-run-toggle").click();
  await expect(reloaded.getByTestId("subagent-transcript")).toContainText(`Orion-${suffix} launches on Tuesday`);
});

// Both languages and themes, desktop and phone (the panel is a drawer there): each view its own
// test, on a thread of its own that delegated the same way, through the API.
test.describe("the subagents section in each view", () => {
  test.describe.configure({ mode: "parallel" });

  let threadPath: string;
  test.beforeAll(async ({ baseURL }) => {
    const parent = await scriptDelegation(`views-${Date.now().toString(36)}-${process.pid.toString(36)}`, 0);
    const api = await signInAsAdmin(baseURL!);
    const threadId = crypto.randomUUID();
    const chat = await sendChat(api, threadId, `When does Orion launch? ${scriptMarker(parent)}`);
    expect(chat.text).toContain(`launch is on Tuesday (${suffix})`);
    await api.dispose();
    threadPath = `/chat/${threadId}`;
  });

  const views = [
    { locale: "zh-CN", colorScheme: "dark", width: 390, title: "子智能体", status: "已完成" },
    { locale: "en", colorScheme: "dark", width: 1440, title: "Subagents", status: "Done" },
    { locale: "zh-CN", colorScheme: "light", width: 1440, title: "子智能体", status: "已完成" },
    { locale: "en", colorScheme: "light", width: 390, title: "Subagents", status: "Done" },
  ] as const;
  for (const { locale, colorScheme, width, title, status } of views) {
    test(`a finished delegated task and its transcript in the status panel (${locale}, ${colorScheme}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const { page: view, context } = await pageInView(browser, {
        baseURL: baseURL!,
        user: ADMIN,
        locale,
        colorScheme,
        width,
      });
      await view.goto(threadPath);
      await expect(view.getByTestId("message-assistant").last().getByTestId("subagent-card")).toBeVisible({
        timeout: 60_000,
      });
      if (width < 1280) await view.getByTestId("panel-toggle").click();
      const section = view.getByTestId("status-panel").getByTestId("subagent-runs");
      await expect(section).toContainText(title);
      await expect(section.getByTestId("subagent-run-status")).toHaveText(status);
      await section.getByTestId("subagent-run-toggle").click();
      await expect(section.getByTestId("subagent-transcript")).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(view, { path: shot(`${locale}-${colorScheme}-${width}`) });
      await context.close();
    });
  }
});
