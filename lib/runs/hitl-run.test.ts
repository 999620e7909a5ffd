import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UIMessageChunk } from "ai";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  textOf,
  dataParts,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";
import type { InterruptPartData } from "@/lib/agent/interrupt-payloads";
import { listMessages } from "@/lib/db/messages";
import { findRun } from "@/lib/db/runs";
import { listThreads } from "@/lib/db/threads";
import { openWorkspace } from "@/lib/workspace/open";
import { startChatRun } from "./start-run";
import { startResumeRun } from "./resume-run";
import { cancelRun } from "./cancel-run";
import { activeRunForThread } from "./registry";
import { getThreadState } from "./thread-state";
import type { ResumeBody } from "./resume-payload";

let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

type Turns = Parameters<AgentHarness["client"]["script"]>[1];
type ModelRequest = { messages: { role: string; content: unknown; tool_call_id?: string }[] };

/** Runs one chat turn to its end; returns the run, its chunks and the interrupt it stopped at. */
async function chat(actor: Actor, key: string, turns: Turns, text = "Please do it") {
  await h.client.script(key, turns);
  const threadId = crypto.randomUUID();
  const { run, stream } = await startChatRun(actor, {
    threadId,
    message: userMessage(`${text} ${scriptMarker(key)}`),
    modelSpec: spec,
  });
  const chunks = await readAll(stream);
  await activeRunForThread(threadId)?.done;
  return { threadId, run, chunks, interrupt: dataParts(chunks, "interrupt").at(-1) };
}

async function resume(actor: Actor, runId: string, body: ResumeBody) {
  const { run, stream } = await startResumeRun(actor, runId, body);
  const chunks = await readAll(stream);
  await activeRunForThread(run.threadId)?.done;
  return { run, chunks };
}

const lastRequest = async (key: string) => (await h.client.requests(key)).at(-1)!.body as ModelRequest;
const toolResults = (req: ModelRequest) => req.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
const runStatus = (chunks: UIMessageChunk[]) => dataParts(chunks, "run").at(-1)?.status;
const writeCall = (path: string, content: string) => ({
  toolCalls: [{ name: "write_file", args: { file_path: path, content } }],
});
const fileText = async (actor: Actor, path: string) => {
  const ws = openWorkspace(actor.id);
  return (await ws.stat(path)) ? (await ws.readBytes(path)).toString("utf8") : null;
};

describe("tool approval", () => {
  it("interrupts write_file before it runs, then approve runs it and the run continues as a resume run", async () => {
    const actor = await createTestUser();
    const path = "/home/gem/user-data/approved.md";
    const first = await chat(actor, "approve", [writeCall(path, "# Plan"), { text: "Saved your plan." }]);

    expect(runStatus(first.chunks)).toBe("interrupted");
    expect(first.interrupt).toMatchObject({
      kind: "approval",
      runId: first.run.id,
      actions: [{ name: "write_file", args: { file_path: path, content: "# Plan" } }],
    });
    expect(await fileText(actor, path)).toBeNull();
    expect((await findRun(actor, first.run.id))?.status).toBe("interrupted");
    expect((await listThreads(actor)).find((t) => t.id === first.threadId)?.status).toBe("interrupted");
    expect((await getThreadState(actor, first.threadId)).interrupt).toMatchObject({
      kind: "approval",
      runId: first.run.id,
    });

    const second = await resume(actor, first.run.id, { decisions: [{ type: "approve" }] });
    expect(textOf(second.chunks)).toBe("Saved your plan.");
    expect(runStatus(second.chunks)).toBe("completed");
    expect(await fileText(actor, path)).toBe("# Plan");
    expect(await findRun(actor, second.run.id)).toMatchObject({
      runType: "resume",
      parentRunId: first.run.id,
      status: "completed",
    });
    expect((await findRun(actor, first.run.id))?.status).toBe("completed");
    expect((await listThreads(actor)).find((t) => t.id === first.threadId)?.status).toBe("idle");
    expect((await getThreadState(actor, first.threadId)).interrupt).toBeNull();

    // History: the interrupted message keeps the decision (read-only after a reload), the resumed one the answer.
    const saved = await listMessages(actor, first.threadId);
    expect(saved.map((m) => m.role)).toEqual(["user", "assistant", "assistant"]);
    const form = saved[1].parts.find((p) => p.type === "data-interrupt") as { data: InterruptPartData };
    expect(form.data.response).toEqual({
      decisions: [
        { toolCallId: form.data.kind === "approval" ? form.data.actions[0].toolCallId : "", type: "approve" },
      ],
    });
    expect(JSON.stringify(saved[2].parts)).toContain("Saved your plan.");
  });

  it("reject never runs the tool and the model reads the user's reason", async () => {
    const actor = await createTestUser();
    const path = "/home/gem/user-data/rejected.md";
    const first = await chat(actor, "reject", [
      writeCall(path, "secret"),
      { text: "Understood, I will not write it." },
    ]);
    const second = await resume(actor, first.run.id, {
      decisions: [{ type: "reject", message: "Keep it in the chat instead" }],
    });

    expect(textOf(second.chunks)).toBe("Understood, I will not write it.");
    expect(await fileText(actor, path)).toBeNull();
    const results = toolResults(await lastRequest("reject"));
    expect(results).toHaveLength(1);
    expect(results[0]).toContain("rejected this write_file call");
    expect(results[0]).toContain("Keep it in the chat instead");
  });

  it("edit runs the tool with the edited arguments and the model sees the edited call", async () => {
    const actor = await createTestUser();
    const path = "/home/gem/user-data/edited.md";
    const first = await chat(actor, "edit", [writeCall(path, "first draft"), { text: "Done." }]);
    await resume(actor, first.run.id, {
      decisions: [{ type: "edit", args: { file_path: path, content: "edited by the user" } }],
    });

    expect(await fileText(actor, path)).toBe("edited by the user");
    const request = await lastRequest("edit");
    expect(JSON.stringify(request.messages)).toContain("edited by the user");
    expect(JSON.stringify(request.messages)).not.toContain("first draft");
  });

  it("a call that skipped the review (repaired after it) is refused, never run", async () => {
    const actor = await createTestUser();
    const path = "/home/gem/user-data/unreviewed.md";
    const first = await chat(actor, "unreviewed", [
      { toolCalls: [{ name: "write_file", rawArgs: `{"file_path": "${path}", "content": "sneaky",}` }] },
      { text: "I could not write it." },
    ]);
    expect(runStatus(first.chunks)).toBe("completed");
    expect(await fileText(actor, path)).toBeNull();
    expect(toolResults(await lastRequest("unreviewed"))[0]).toContain("needs the user's approval");
  });
});

describe("ask_user_question", () => {
  const questions = {
    questions: [
      {
        question: "Which format?",
        header: "Format",
        options: [{ label: "PDF" }, { label: "Markdown", description: "Plain text" }],
      },
      {
        question: "Which sections?",
        options: [{ label: "Intro" }, { label: "Results" }, { label: "Appendix" }],
        multiSelect: true,
        allowOther: false,
      },
    ],
  };

  it("interrupts with a form and the answer reaches the model's next request", async () => {
    const actor = await createTestUser();
    const first = await chat(actor, "ask", [
      { toolCalls: [{ name: "ask_user_question", args: questions }] },
      { text: "A Word report with intro and results." },
    ]);
    expect(runStatus(first.chunks)).toBe("interrupted");
    const form = first.interrupt!;
    expect(form.kind).toBe("question");
    if (form.kind !== "question") return;
    expect(form.questions.map((q) => [q.id, q.multiSelect, q.allowOther, q.options.map((o) => o.id)])).toEqual([
      ["q1", false, true, ["q1-o1", "q1-o2"]],
      ["q2", true, false, ["q2-o1", "q2-o2", "q2-o3"]],
    ]);

    const second = await resume(actor, first.run.id, {
      answers: [
        { questionId: "q1", optionIds: [], other: "Word" },
        { questionId: "q2", optionIds: ["q2-o1", "q2-o2"] },
      ],
    });
    expect(textOf(second.chunks)).toBe("A Word report with intro and results.");
    const answer = toolResults(await lastRequest("ask"))[0];
    expect(answer).toContain("Which format?");
    expect(answer).toContain('in their own words: "Word"');
    expect(answer).toContain('"Intro", "Results"');
    expect(answer).not.toContain("Appendix");
  });

  it("answers a schema error with a readable tool error instead of a form", async () => {
    const actor = await createTestUser();
    const first = await chat(actor, "ask-bad", [
      {
        toolCalls: [
          { name: "ask_user_question", args: { questions: [{ question: "Only one?", options: [{ label: "Yes" }] }] } },
        ],
      },
      { text: "Let me ask properly." },
    ]);
    expect(runStatus(first.chunks)).toBe("completed");
    expect(first.interrupt).toBeUndefined();
    const error = toolResults(await lastRequest("ask-bad"))[0];
    expect(error).toMatch(/^Error: ask_user_question was called with invalid arguments/);
    expect(error).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });
});

describe("resume guards", () => {
  async function interruptedQuestion(actor: Actor, key: string) {
    return chat(actor, key, [
      {
        toolCalls: [
          {
            name: "ask_user_question",
            args: {
              questions: [{ question: "Go on?", options: [{ label: "Yes" }, { label: "No" }], allowOther: false }],
            },
          },
        ],
      },
      { text: "Going on." },
    ]);
  }

  it("refuses payloads that do not fit the stored interrupt and leaves the run waiting", async () => {
    const actor = await createTestUser();
    const { run } = await interruptedQuestion(actor, "guards");
    const bad: ResumeBody[] = [
      { answers: [{ questionId: "q7", optionIds: ["q1-o1"] }] },
      { answers: [{ questionId: "q1", optionIds: ["q1-o9"] }] },
      { answers: [{ questionId: "q1", optionIds: [], other: "maybe" }] },
      { decisions: [{ type: "approve" }] },
    ];
    for (const body of bad)
      await expect(startResumeRun(actor, run.id, body)).rejects.toMatchObject({
        status: 400,
        code: "bad_request:resume",
      });
    expect((await findRun(actor, run.id))?.status).toBe("interrupted");
  });

  it("refuses a wrong number of decisions", async () => {
    const actor = await createTestUser();
    const { run } = await chat(actor, "count", [writeCall("/home/gem/user-data/c.md", "c"), { text: "ok" }]);
    await expect(
      startResumeRun(actor, run.id, { decisions: [{ type: "approve" }, { type: "approve" }] }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("answers 404 for another user's run and 409 for a run that is not interrupted", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const { run } = await interruptedQuestion(owner, "foreign");
    await expect(
      startResumeRun(stranger, run.id, { answers: [{ questionId: "q1", optionIds: ["q1-o1"] }] }),
    ).rejects.toMatchObject({ status: 404 });

    const done = await chat(owner, "plain", [{ text: "Nothing to ask." }]);
    await expect(startResumeRun(owner, done.run.id, { decisions: [{ type: "approve" }] })).rejects.toMatchObject({
      status: 409,
      code: "conflict:resume",
    });
  });

  it("resumes once: a second answer to the same interrupt is refused", async () => {
    const actor = await createTestUser();
    const { run } = await interruptedQuestion(actor, "twice");
    await resume(actor, run.id, { answers: [{ questionId: "q1", optionIds: ["q1-o1"] }] });
    await expect(
      startResumeRun(actor, run.id, { answers: [{ questionId: "q1", optionIds: ["q1-o2"] }] }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("a new message drops the open question: the old run is cancelled and can no longer be resumed", async () => {
    const actor = await createTestUser();
    const first = await interruptedQuestion(actor, "superseded");
    const next = await startChatRun(actor, {
      threadId: first.threadId,
      message: userMessage("Never mind, something else"),
    });
    await readAll(next.stream);
    await activeRunForThread(first.threadId)?.done;

    expect((await findRun(actor, first.run.id))?.status).toBe("cancelled");
    expect((await listThreads(actor)).find((t) => t.id === first.threadId)?.status).toBe("idle");
    await expect(
      startResumeRun(actor, first.run.id, { answers: [{ questionId: "q1", optionIds: ["q1-o1"] }] }),
    ).rejects.toMatchObject({ status: 409 });
    // The dangling question got a result, so the model's history stays valid.
    expect(JSON.stringify((await lastRequest("superseded")).messages)).toContain("Cancelled");
  });

  it("cancelling an interrupted run closes the form", async () => {
    const actor = await createTestUser();
    const { run, threadId } = await interruptedQuestion(actor, "cancel-interrupted");
    expect((await cancelRun(actor, run.id)).status).toBe("cancelled");
    expect((await getThreadState(actor, threadId)).interrupt).toBeNull();
    await expect(
      startResumeRun(actor, run.id, { answers: [{ questionId: "q1", optionIds: ["q1-o1"] }] }),
    ).rejects.toMatchObject({ status: 409 });
    const saved = await listMessages(actor, threadId);
    const runPart = saved[1].parts.find((p) => p.type === "data-run") as { data: { status: string } };
    expect(runPart.data.status).toBe("cancelled");
  });

  it("a resumed run can be followed from the thread's live stream", async () => {
    const actor = await createTestUser();
    await h.client.script("follow", [
      {
        toolCalls: [
          {
            name: "ask_user_question",
            args: { questions: [{ question: "Go?", options: [{ label: "Yes" }, { label: "No" }] }] },
          },
        ],
      },
      { text: "slow ".repeat(30), chunkSize: 5, delayMs: 10 },
    ]);
    const threadId = crypto.randomUUID();
    const first = await startChatRun(actor, {
      threadId,
      message: userMessage(`Ask me ${scriptMarker("follow")}`),
      modelSpec: spec,
    });
    await readAll(first.stream);
    await activeRunForThread(threadId)?.done;
    const { run, stream } = await startResumeRun(actor, first.run.id, {
      answers: [{ questionId: "q1", optionIds: ["q1-o1"] }],
    });
    await stream.cancel(); // the browser that answered went away
    const live = activeRunForThread(threadId)!;
    expect(live.runId).toBe(run.id);
    const chunks = await readAll(live.buffer.subscribe());
    expect(textOf(chunks)).toBe("slow ".repeat(30));
    expect(runStatus(chunks)).toBe("completed");
  });
});
