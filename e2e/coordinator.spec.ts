import { expect, test, type APIRequestContext } from "./test";
import { ADMIN, signInAsAdmin, signInPage } from "./helpers/auth";
import { mock, scriptMarker, sendChat } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, pageInView, saveScreenshot } from "./helpers/pages";

/**
 * The coordinator in the browser: the toggle, the status panel's list of delegated tasks
 * with their live state, and stopping one task from the panel while the coordinator waits for
 * the others in `synthesize` (the scripted server sees the stopped worker's call closed).
 */

const suffix = uniqueName("c").slice(2).toLowerCase();
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/coordinator-${name}.png`;

/**
 * Scripts a coordinator that delegates three tasks (beta's worker never answers in time) and waits
 * for them in `synthesize`, then answers; returns the script keys.
 */
async function scriptCoordination(run: string) {
  const parent = `co-p-${run}-${suffix}`;
  const workers = { a: `co-a-${run}-${suffix}`, b: `co-b-${run}-${suffix}`, c: `co-c-${run}-${suffix}` };
  await mock.script(workers.a, [{ text: "Alpha figures are in.", firstTokenDelayMs: 10_000 }]);
  await mock.script(workers.b, [{ text: "never", firstTokenDelayMs: 90_000 }]);
  await mock.script(workers.c, [{ text: "Gamma figures are in.", firstTokenDelayMs: 10_000 }]);
  const delegate = (what: string, key: string) => ({
    name: "delegate_task",
    args: { description: `${what} for ${suffix} ${scriptMarker(key)}` },
  });
  await mock.script(parent, [
    {
      toolCalls: [
        delegate("Collect the alpha figures", workers.a),
        delegate("Collect the beta figures", workers.b),
        delegate("Collect the gamma figures", workers.c),
      ],
    },
    {
      toolCalls: [
        {
          name: "synthesize",
          args: { task_ids: ["{{tool:0:task_id}}", "{{tool:1:task_id}}", "{{tool:2:task_id}}"], deadline_seconds: 80 },
        },
      ],
    },
    { text: `Gathered what finished (${suffix}).` },
  ]);
  return { parent, workers };
}

test("coordinator mode: delegated tasks show live in the panel, and one is stopped from there @postgres", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { parent, workers } = await scriptCoordination("live");

  await signInPage(page, ADMIN);
  const toggle = page.getByTestId("coordinator-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  // A click before hydration does nothing (CI saw it once): click until the toggle is on.
  await clickUntilVisible(toggle, page.locator('[data-testid="coordinator-toggle"][aria-pressed="true"]'));
  await page.getByTestId("composer-input").fill(`Collect the figures ${scriptMarker(parent)}`);
  await page.getByTestId("send-button").click();

  // Live: three tasks working at once while the coordinator waits in synthesize.
  const panel = page.getByTestId("status-panel");
  const tasks = panel.getByTestId("delegated-task");
  await expect(tasks).toHaveCount(3);
  for (const what of ["alpha", "beta", "gamma"])
    await expect(tasks.filter({ hasText: `Collect the ${what} figures` })).toHaveAttribute("data-status", "running");
  await expect(panel.getByTestId("tasks-open")).toHaveText("3 of 3 unfinished");
  await saveScreenshot(page, { path: shot("live-desktop") });

  // Stop the slow one from the panel; the other two finish, and the coordinator answers.
  const beta = tasks.filter({ hasText: "Collect the beta figures" });
  await beta.getByTestId("delegated-task-stop").click();
  await expect(beta).toHaveAttribute("data-status", "cancelled");
  await expect(beta.getByTestId("delegated-task-status")).toHaveText("Stopped");
  await expect(beta.getByTestId("delegated-task-stop")).toHaveCount(0);
  await expect(page.getByTestId("message-assistant").last()).toContainText(`Gathered what finished (${suffix}).`, {
    timeout: 30_000,
  });
  await expect(tasks.filter({ hasText: "alpha" })).toHaveAttribute("data-status", "completed");
  await expect(tasks.filter({ hasText: "gamma" })).toHaveAttribute("data-status", "completed");
  await expect(panel.getByTestId("tasks-open")).toHaveText("0 of 3 unfinished");
  // The stopped worker's model call was really aborted; synthesize reported it, not an error.
  expect((await mock.requests(workers.b)).map((r) => r.closedByClient)).toEqual([true]);
  const synthesis = (
    (await mock.requests(parent)).at(-1)!.body as { messages: { role: string; content: string }[] }
  ).messages.findLast((m) => m.role === "tool")!.content;
  expect(synthesis.split("\n")[0]).toBe("2 completed, 1 stopped");

  // A finished task's worker transcript opens from the panel.
  const alpha = tasks.filter({ hasText: "alpha" });
  await expect(alpha).toContainText(/[\d,]+ in · \d+ out/);
  // Its worker runs are listed with the task, not a second time as subagents.
  await expect(panel.getByTestId("subagent-runs")).toHaveCount(0);
  await alpha.getByTestId("delegated-task-toggle").click();
  await expect(alpha.getByTestId("subagent-transcript")).toContainText("Alpha figures are in.");
  await saveScreenshot(page, { path: shot("done-desktop") });

  // The chat keeps coordinator mode and its tasks after a reload.
  await page.reload();
  await expect(page.getByTestId("coordinator-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("status-panel").getByTestId("delegated-task")).toHaveCount(3);
});

type Task = { id: string; description: string; status: string };
const tasksOf = async (api: APIRequestContext, threadId: string) =>
  ((await (await api.get(`/api/threads/${threadId}/state`)).json()).delegatedTasks ?? []) as Task[];

// Both languages and themes, desktop and phone (the panel is a drawer there): each view its own
// test, on a coordinator chat of its own run the same way through the API (beta stopped there too).
test.describe("the delegated tasks in each view", () => {
  test.describe.configure({ mode: "parallel" });

  let threadPath: string;
  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(90_000);
    const { parent } = await scriptCoordination(`views-${Date.now().toString(36)}-${process.pid.toString(36)}`);
    const api = await signInAsAdmin(baseURL!);
    const threadId = crypto.randomUUID();
    const chat = sendChat(api, threadId, `Collect the figures ${scriptMarker(parent)}`, { coordinator: true });
    // While the coordinator waits in synthesize, stop the slow task, as the live test does from the panel.
    let beta: Task | undefined;
    await expect
      .poll(
        async () => {
          const tasks = await tasksOf(api, threadId);
          beta = tasks.find((t) => t.description.includes("beta") && t.status === "running");
          return tasks.length === 3 && !!beta;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const stopped = await api.post(`/api/threads/${threadId}/tasks/${beta!.id}/stop`);
    expect(stopped.status(), await stopped.text()).toBe(200);
    expect((await chat).text).toContain(`Gathered what finished (${suffix}).`);
    expect(
      Object.fromEntries((await tasksOf(api, threadId)).map((t) => [t.description.split(" ")[2], t.status])),
    ).toEqual({ alpha: "completed", beta: "cancelled", gamma: "completed" });
    await api.dispose();
    threadPath = `/chat/${threadId}`;
  });

  const views = [
    { locale: "zh-CN", colorScheme: "dark", width: 390, title: "委派的任务", stopped: "已停止" },
    { locale: "en", colorScheme: "dark", width: 1440, title: "Delegated tasks", stopped: "Stopped" },
    { locale: "zh-CN", colorScheme: "light", width: 1440, title: "委派的任务", stopped: "已停止" },
    { locale: "en", colorScheme: "light", width: 390, title: "Delegated tasks", stopped: "Stopped" },
  ] as const;
  for (const { locale, colorScheme, width, title, stopped } of views) {
    test(`coordinator mode and its stopped task in the status panel (${locale}, ${colorScheme}, ${width} px) @postgres`, async ({
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
      await expect(view.getByTestId("coordinator-toggle")).toHaveAttribute("aria-pressed", "true", { timeout: 60_000 });
      if (width < 1280) await view.getByTestId("panel-toggle").click();
      const section = view.getByTestId("status-panel").getByTestId("delegated-tasks");
      await expect(section).toContainText(title);
      await expect(
        section.getByTestId("delegated-task").filter({ hasText: "beta" }).getByTestId("delegated-task-status"),
      ).toHaveText(stopped);
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(view, { path: shot(`${locale}-${colorScheme}-${width}`) });
      await context.close();
    });
  }
});
