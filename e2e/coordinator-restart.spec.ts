import { expect, test, type APIRequestContext } from "./test";
import { ADMIN, signIn } from "./helpers/auth";
import { mock, scriptMarker, sendChat } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { extraPort, restartableServer } from "./helpers/restartable-server";

/**
 * A coordinator's delegated task survives the server. The test runs its own app
 * server, delegates a task whose worker is waiting for its model, kills the whole server with
 * SIGKILL, and starts it again on the same data: once the dead worker's lease runs out, the new
 * server takes the task over, continues the worker's conversation from its checkpoint (the task
 * is not sent twice) and completes it; the coordinator's check_task then reads the result.
 */

const server = restartableServer({
  port: Number(process.env.E2E_COORDINATOR_RESTART_PORT || extraPort(362)),
  leaseMs: 3000,
  name: "coordinator-restart",
});

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.beforeAll(() => server.prepare());
test.afterAll(() => server.cleanUp());

type Task = { id: string; status: string; childThreadId: string | null; error: string | null };
const tasksOf = async (api: APIRequestContext, threadId: string) =>
  (await (await api.get(`/api/threads/${threadId}/state`)).json()).delegatedTasks as Task[];

test("a delegated task cut off by a server kill is finished after the restart @postgres", async () => {
  const suffix = uniqueName("cr").slice(3);
  const coordinator = `cr-p-${suffix}`;
  const worker = `cr-w-${suffix}`;
  await mock.script(worker, [
    { text: "never sent", firstTokenDelayMs: 120_000 },
    { text: `There are 42 berths (${suffix}).` },
  ]);
  await mock.script(coordinator, [
    { toolCalls: [{ name: "delegate_task", args: { description: `Count the berths ${scriptMarker(worker)}` } }] },
    { text: "Delegated." },
    // The next turn, after the restart: the coordinator checks on the task it delegated.
    { toolCalls: [{ name: "check_task", args: { task_id: "{{tool:0:task_id}}" } }] },
    { text: "Read it." },
  ]);

  await server.start();
  let api = await signIn(server.base, ADMIN.username, ADMIN.password);
  const threadId = crypto.randomUUID();
  const chat = await sendChat(api, threadId, `Coordinate ${scriptMarker(coordinator)}`, { coordinator: true });
  expect(chat.text).toContain("Delegated.");
  // The worker's model call is under way when the server dies.
  await expect.poll(async () => (await mock.requests(worker)).length, { timeout: 30_000 }).toBe(1);
  const [task] = await tasksOf(api, threadId);
  expect(task.status).toBe("running");
  server.kill();
  await api.dispose();
  await expect.poll(async () => (await mock.requests(worker))[0].closedByClient, { timeout: 10_000 }).toBe(true);

  const restartedAt = Date.now();
  await server.start();
  api = await signIn(server.base, ADMIN.username, ADMIN.password);
  await expect
    .poll(async () => (await tasksOf(api, threadId)).find((t) => t.id === task.id)?.status, { timeout: 90_000 })
    .toBe("completed");
  console.log(`[coordinator-restart] completed ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart`);

  // The same worker conversation went on: its second call carries the task once, and its transcript has the answer.
  const calls = await mock.requests(worker);
  expect(calls).toHaveLength(2);
  const sent = (calls[1].body as { messages: { role: string }[] }).messages.filter((m) => m.role === "user");
  expect(sent).toHaveLength(1);
  const [done] = await tasksOf(api, threadId);
  const transcript = await (await api.get(`/api/threads/${done.childThreadId}`)).json();
  expect(JSON.stringify(transcript.messages)).toContain(`There are 42 berths (${suffix}).`);

  // The coordinator reads the result in its next turn.
  const next = await sendChat(api, threadId, `And? ${scriptMarker(coordinator)}`);
  expect(next.text).toContain("Read it.");
  const requests = await mock.requests(coordinator);
  const toolResult = (requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages
    .filter((m) => m.role === "tool")
    .at(-1);
  expect(toolResult?.content).toContain("status: completed");
  expect(toolResult?.content).toContain(`There are 42 berths (${suffix}).`);
  await api.dispose();
});
