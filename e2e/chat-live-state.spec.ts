import { expect, test, type Page } from "./test";
import { signInPage } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { saveScreenshot } from "./helpers/pages";

/**
 * One source of truth for the live run: the plan card in the chat and the status panel show
 * the same counts at every streamed step, a stopped run leaves no step "in progress", and
 * opening another chat never flashes "Idle" or "No plan yet".
 */

const SLOW = { chunkSize: 6, delayMs: 25 };
const plan = (statuses: string[]) => ({
  todos: ["Collect the notes", "Draft the summary", "Check the figures"].map((content, i) => ({
    content,
    status: statuses[i],
  })),
});

/**
 * Records, after every DOM change, the latest counted plan card and the panel's count (a sample
 * the same as the one before it is not kept again: the page reads fewer of them).
 */
async function watchPlanCounts(page: Page) {
  await page.evaluate(() => {
    type Sample = { card: string | null; panel: string | null; drafting: boolean };
    const samples: Sample[] = [];
    (window as unknown as { __planSamples: Sample[] }).__planSamples = samples;
    const read = () => {
      const cards = [...document.querySelectorAll('[data-testid="tool-card"][data-tool-name="write_todos"]')];
      const counted = cards.filter((card) => card.hasAttribute("data-total"));
      const last = counted.at(-1);
      const progress = document.querySelector('[data-testid="status-panel"] [data-testid="todo-progress"]');
      const sample = {
        card: last ? `${last.getAttribute("data-done")}/${last.getAttribute("data-total")}` : null,
        panel: progress ? `${progress.getAttribute("data-done")}/${progress.getAttribute("data-total")}` : null,
        drafting: cards.some((card) => card.getAttribute("data-state") === "input-streaming"),
      };
      const before = samples.at(-1);
      const same = before?.card === sample.card && before.panel === sample.panel && before.drafting === sample.drafting;
      if (!same) samples.push(sample);
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

type Sample = { card: string | null; panel: string | null; drafting: boolean };
const samplesOf = (page: Page) => page.evaluate(() => (window as unknown as { __planSamples: Sample[] }).__planSamples);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the plan card and the status panel agree at every streamed step; Stop leaves no step in progress (${viewport.width} px)`, async ({
    page,
  }) => {
    const key = `e2e-live-${viewport.width}`;
    await mock.script(key, [
      { toolCalls: [{ name: "write_todos", args: plan(["in_progress", "pending", "pending"]) }], ...SLOW },
      { toolCalls: [{ name: "write_todos", args: plan(["completed", "in_progress", "pending"]) }], ...SLOW },
      {
        // Long enough to be still running when Stop is clicked, also on a slow machine.
        text: Array.from({ length: 1200 }, (_, i) => `word${i}`).join(" "),
        chunkSize: 12,
        delayMs: 60,
      },
    ]);
    await page.setViewportSize(viewport);
    await signInPage(page);
    await watchPlanCounts(page);
    await page.getByTestId("composer-input").fill(`Summarise my notes ${scriptMarker(key)}`);
    await page.getByTestId("send-button").click();

    const answer = page.getByTestId("message-assistant").last();
    await expect(answer).toContainText("word20", { timeout: 30_000 });
    const samples = await samplesOf(page);
    const counted = samples.filter((sample) => sample.card !== null);
    // The plan was drafted while its arguments streamed, then counted: 0 of 3, then 1 of 3.
    expect(samples.some((sample) => sample.drafting)).toBe(true);
    expect(new Set(counted.map((sample) => sample.card))).toEqual(new Set(["0/3", "1/3"]));
    // Never a partial count ("1 of 2" for a three-step plan), and the panel always says the same.
    expect(counted.filter((sample) => sample.panel !== sample.card)).toEqual([]);
    await expect(page.getByTestId("usage-empty")).toHaveCount(0);

    // The sidebar's dot is the run's: running now. (On a phone the sidebar is a closed drawer.)
    const threadId = page.url().split("/chat/")[1];
    const dot = page.locator(`a[href="/chat/${threadId}"] [data-testid="thread-running-dot"]`);
    if (viewport.width >= 1280) await expect(dot).toBeVisible();

    await page.getByTestId("stop-button").click();
    await expect(page.getByTestId("send-button")).toBeVisible();
    const panel = page.getByTestId("status-panel");
    await expect(panel.getByTestId("run-status").locator("[data-status]")).toHaveAttribute("data-status", "cancelled");
    await expect(panel.locator('[data-testid="todo-item"][data-status="in_progress"]')).toHaveCount(0);
    await expect(panel.locator('[data-testid="todo-item"][data-status="stopped"]')).toHaveText(/Draft the summary/);
    if (viewport.width >= 1280) await expect(dot).toHaveCount(0);
    // The chat's latest plan card says the same.
    const card = page.locator('[data-testid="tool-card"][data-tool-name="write_todos"]').last();
    await card.getByRole("button").first().click();
    await expect(card.locator('[data-testid="plan-card-item"][data-status="stopped"]')).toHaveText(/Draft the summary/);
    await expect(card.locator('[data-testid="plan-card-item"][data-status="in_progress"]')).toHaveCount(0);
    if (viewport.width < 1280) {
      await page.getByTestId("panel-toggle").click();
      await expect(panel).toBeVisible();
    }
    await saveScreenshot(page, { path: `test-results/live-state-stopped-${viewport.width}.png` });

    // After a reload the same: the run was cancelled, its step stopped.
    await page.reload();
    if (viewport.width < 1280) await page.getByTestId("panel-toggle").click();
    await expect(panel.locator('[data-testid="todo-item"][data-status="stopped"]')).toHaveCount(1);
    await expect(panel.getByTestId("todo-progress")).toHaveAttribute("data-done", "1");
  });
}

test("opening another chat shows its run and plan at once, never Idle or an empty plan first", async ({ page }) => {
  const key = "e2e-live-switch";
  await mock.script(key, [
    { toolCalls: [{ name: "write_todos", args: plan(["completed", "completed", "in_progress"]) }] },
    { text: "Planned." },
    { text: "Second chat." },
  ]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInPage(page);
  await page.getByTestId("composer-input").fill(`Make a plan ${scriptMarker(key)}`);
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-assistant").last()).toContainText("Planned.");
  await expect(page.getByTestId("send-button")).toBeVisible();
  const planned = page.url();

  await page.getByTestId("new-chat").click();
  await page.getByTestId("composer-input").fill(`Something else ${scriptMarker(key)}`);
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-assistant").last()).toContainText("Second chat.");
  await expect(page.getByTestId("send-button")).toBeVisible();

  // Watch the panel while the sidebar link opens the planned chat.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      const panel = document.querySelector('[data-testid="status-panel"]');
      const status = panel?.querySelector('[data-testid="run-status"] [data-status]')?.getAttribute("data-status");
      const progress = panel?.querySelector('[data-testid="todo-progress"]')?.getAttribute("data-total");
      if (panel && !panel.querySelector('[data-testid="panel-skeleton"]')) seen.push(`${status}:${progress ?? "none"}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.locator(`a[href="${new URL(planned).pathname}"]`).click();
  await expect(page.getByTestId("message-assistant").last()).toContainText("Planned.");
  const panel = page.getByTestId("status-panel");
  await expect(panel.getByTestId("todo-progress")).toHaveAttribute("data-total", "3");
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  const afterSwitch = seen.slice(seen.findIndex((entry) => entry.endsWith(":3")));
  // From the first frame of the planned chat on: completed with its plan of three, nothing else.
  expect(seen.filter((entry) => entry.startsWith("idle"))).toEqual([]);
  expect(new Set(afterSwitch)).toEqual(new Set(["completed:3"]));
});
