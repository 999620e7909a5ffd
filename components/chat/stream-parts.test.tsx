import { readUIMessageStream, type UIMessageChunk } from "ai";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import type { MeridianUIMessage } from "@/components/api/types";
import { FilePanelProvider, type FilePanelState } from "@/components/files/file-panel-context";
import { NO_ACTIVE_SKILLS } from "@/components/panels/active-skills-state";
import { StatusPanel } from "@/components/panels/status-panel";
import { emptyAggregate } from "@/lib/agent/usage-aggregate";
import { partChunk, uiPartSchemas, type MeridianDataParts, type UIPartName } from "@/lib/agent/ui-parts";
import { AssistantMessage } from "./assistant-message";
import { CompressionNote } from "./stream-notes";
import { deriveLiveRun } from "./live-run";
import { modelSwitchOfMessage } from "./message-parts";
import { applyPanelPart, type ThreadPanelState } from "./panel-parts";

/** One part of each declared kind, as the server streams them (same ids, same order of events). */
const FIXTURE: { [N in UIPartName]: MeridianDataParts[N] } = {
  run: { runId: "run-1", status: "failed", error: { code: "model_error", message: "RUN-ERROR-MESSAGE" } },
  todos: {
    todos: [
      { content: "TODO-ONE", status: "in_progress" },
      { content: "TODO-TWO", status: "pending" },
    ],
  },
  "token-usage": {
    context: {
      inputTokens: 1200,
      breakdown: { system: 200, messages: 900, tools: 100 },
      contextWindow: 65_536,
      usageRatio: 1200 / 65_536,
      summaryActive: false,
      spec: "demo:demo-fallback",
      usageAvailable: true,
    },
    latest: null,
    run: { ...emptyAggregate(), runId: "run-1" },
    thread: emptyAggregate(),
  },
  skills: { activated: ["research-report"], available: [{ slug: "research-report", name: "SKILL-NAME" }] },
  "model-switch": { from: "demo:demo-chat", to: "demo:demo-fallback", reason: "The model is overloaded." },
  interrupt: {
    kind: "approval",
    runId: "run-0",
    interruptId: "int-1",
    actions: [
      { toolCallId: "call-1", name: "APPROVE-TOOL", args: { path: "/tmp/x" }, allowedDecisions: ["approve", "reject"] },
    ],
    response: { decisions: [{ toolCallId: "call-1", type: "approve" }] },
  },
  "kb-sources": {
    sources: [
      {
        kbId: "kb-1",
        kbName: "Handbook",
        fileId: "doc-1",
        fileName: "SOURCE-FILE.md",
        startLine: 3,
        endLine: 9,
        headingPath: ["Leave"],
      },
    ],
  },
  artifacts: {
    artifacts: [
      {
        path: "/home/gem/user-data/outputs/report.md",
        name: "ARTIFACT-NAME.md",
        size: 120,
        mediaType: "text/markdown",
        scope: "workdir",
      },
    ],
  },
  compression: { status: "completed" },
  subagent: {
    status: "progress",
    subagent: "SUBAGENT-NAME",
    description: "Looks things up",
    threadId: "child-1",
    runId: "run-child-1",
    tool: "read_file",
    todos: { done: 1, total: 3 },
  },
};

const NAMES = Object.keys(uiPartSchemas) as UIPartName[];

function chunks(): UIMessageChunk[] {
  const parts = NAMES.map((name) => partChunk(name, FIXTURE[name], { id: name }) as UIMessageChunk);
  return [{ type: "start", messageId: "msg-1" }, ...parts, { type: "finish" }];
}

/** The message the client assembles from the stream (the AI SDK's own reader, as useChat does). */
async function assemble(): Promise<MeridianUIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks()) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: MeridianUIMessage | undefined;
  for await (const message of readUIMessageStream<MeridianUIMessage>({ stream })) last = message;
  return last!;
}

const noop = () => {};
const FILE_PANEL: FilePanelState = {
  threadId: "thread-1",
  open: false,
  scope: "workdir",
  preview: null,
  revision: 0,
  toggle: noop,
  close: noop,
  setScope: noop,
  showFile: noop,
  filesChanged: noop,
  fileRemoved: noop,
};

function render(node: ReactNode, locale: "en" | "zh-CN" = "en"): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "en" ? en : zh} timeZone="UTC">
      <FilePanelProvider value={FILE_PANEL}>{node}</FilePanelProvider>
    </NextIntlClientProvider>,
  );
}

async function renderBoth(locale: "en" | "zh-CN" = "en") {
  const message = await assemble();
  const panel = chunks().reduce<ThreadPanelState>(
    (state, chunk) => applyPanelPart(state, chunk as { type: string; id?: string; data?: unknown }),
    {
      todos: [],
      tokenUsage: null,
      run: null,
      skills: NO_ACTIVE_SKILLS,
      subagents: [],
      tasks: [],
      loaded: true,
    },
  );
  const state = { ...panel, modelSwitch: modelSwitchOfMessage(message) };
  const transcript = render(<AssistantMessage message={message} threadId="thread-1" streaming={false} />, locale);
  const status = render(
    <StatusPanel
      threadId="thread-1"
      state={state}
      live={deriveLiveRun({ ...state, messages: [message], busy: false })}
      onTasksChanged={noop}
      desktopOpen
      drawerOpen={false}
      onClose={noop}
    />,
    locale,
  );
  return { message, transcript, status };
}

/** Where each part shows: the transcript, the status panel, or both. */
const SHOWN: { [N in UIPartName]: (html: { transcript: string; status: string }) => void } = {
  run: ({ transcript, status }) => {
    expect(transcript).toContain('data-testid="run-error"');
    expect(transcript).toContain("RUN-ERROR-MESSAGE");
    expect(status).toContain('data-status="failed"');
  },
  todos: ({ status }) => {
    expect(status).toContain("TODO-ONE");
    expect(status).toContain("TODO-TWO");
  },
  "token-usage": ({ status }) => expect(status).toContain('data-testid="token-usage-card"'),
  skills: ({ status }) => expect(status).toContain("SKILL-NAME"),
  "model-switch": ({ transcript, status }) => {
    const text = "Switched to demo:demo-fallback after the primary was overloaded";
    expect(transcript).toMatch(new RegExp(`data-testid="model-switch-note"[^>]*>.*${text}`));
    expect(status).toMatch(new RegExp(`data-testid="panel-model-switch"[^>]*>.*${text}`));
  },
  interrupt: ({ transcript }) => expect(transcript).toContain("APPROVE-TOOL"),
  artifacts: ({ transcript }) => expect(transcript).toContain("ARTIFACT-NAME.md"),
  "kb-sources": ({ transcript }) => {
    expect(transcript).toContain("SOURCE-FILE.md");
    expect(transcript).toContain('href="/kbs?kb=kb-1&amp;doc=doc-1&amp;line=3&amp;to=9"');
  },
  compression: ({ transcript }) => expect(transcript).toContain('data-testid="compression-note"'),
  subagent: ({ transcript, status }) => {
    expect(transcript).toMatch(/data-testid="subagent-card"[^>]*>.*SUBAGENT-NAME.*Read file.*1 of 3 steps/);
    expect(status).toMatch(/data-testid="subagent-runs".*SUBAGENT-NAME.*Looks things up.*Read file · 1 of 3 steps/);
  },
};

describe("stream data parts", () => {
  it("the fixture holds one valid part of every declared kind", () => {
    for (const name of NAMES) expect(() => uiPartSchemas[name].parse(FIXTURE[name]), name).not.toThrow();
    expect(chunks().filter((c) => c.type.startsWith("data-"))).toHaveLength(NAMES.length);
  });

  it("every part of the stream reaches the message and is rendered in the transcript or the status panel", async () => {
    const { message, ...html } = await renderBoth();
    expect(message.parts.map((p) => p.type)).toEqual(NAMES.map((name) => `data-${name}`));
    for (const name of NAMES) SHOWN[name](html);
  });

  it("a paused summary says for how long, in either language", () => {
    const note = (locale: "en" | "zh-CN") =>
      render(<CompressionNote data={{ status: "paused", message: "model down", minutes: 10 }} />, locale);
    expect(note("en")).toContain("paused for 10 minutes");
    expect(note("zh-CN")).toContain("暂停 10 分钟");
  });

  it("the model-switch notice is translated", async () => {
    const { transcript, status } = await renderBoth("zh-CN");
    expect(transcript).toContain("主模型过载，已切换到 demo:demo-fallback");
    expect(status).toContain("主模型过载，已切换到 demo:demo-fallback");
  });
});
