import { messageText, toolNames, type ChatRequest } from "./request-schema";
import { chunkByChars, chunkByWords, newToolCallId, type Reply } from "./reply";
import { READ_FILE, WRITE_TODOS } from "../agent/tools/names";
import { splitAttachmentBlock, type AttachmentRef } from "../agent/attachment-block";
import { demoMindmap, isMindmapRequest } from "./demo-mindmap";
import { demoSummary, isSummaryRequest } from "./demo-summary";
import { demoMemory, isMemoryRequest } from "./demo-memory";
import { demoTitle, isTitleRequest } from "./demo-title";

/**
 * The offline demo model a new user meets before configuring a provider. Deterministic:
 * it plans with `write_todos` when the agent offers that tool, reads an attached file with
 * `read_file` when the user asks about one, then answers in markdown, in Simplified Chinese
 * when the user writes Chinese. The `<attachments>` block is context, never echoed. Streams a
 * few words at a time so the page visibly streams.
 */
export function demoReply(request: ChatRequest, delayMs: number): Reply {
  if (isMindmapRequest(request))
    return { reasoningChunks: [], textChunks: chunkByChars(demoMindmap(request), 64), toolCalls: [], delayMs: 0 };
  if (isTitleRequest(request))
    return { reasoningChunks: [], textChunks: [demoTitle(request)], toolCalls: [], delayMs: 0 };
  if (isMemoryRequest(request))
    return { reasoningChunks: [], textChunks: chunkByChars(demoMemory(request), 64), toolCalls: [], delayMs: 0 };
  if (isSummaryRequest(request))
    return { reasoningChunks: [], textChunks: chunkByChars(demoSummary(request), 64), toolCalls: [], delayMs: 0 };
  // Runtimes may append system reminders after the user's message; they are not a turn.
  const last = request.messages.findLast((message) => message.role !== "system" && message.role !== "developer");
  const { text: userText, files } = lastUserTurn(request);
  const lang: Lang = /\p{Script=Han}/u.test(userText) ? "zh" : "en";
  const offersTodos = toolNames(request).includes(WRITE_TODOS);

  if (offersTodos && last?.role === "user") {
    const todos = planFor(userText, lang);
    return paced({ text: COPY[lang].planning, toolCall: { name: WRITE_TODOS, args: { todos } } }, delayMs);
  }
  const plan = latestPlan(request);
  const read = readResult(request);
  const toRead = read || !toolNames(request).includes(READ_FILE) ? null : fileAskedAbout(userText, files);
  if (toRead && (last?.role === "user" || last?.role === "tool")) {
    return paced(
      { text: COPY[lang].reading(toRead.name), toolCall: { name: READ_FILE, args: { file_path: toRead.path } } },
      delayMs,
    );
  }
  if (plan && plan.length > 0 && last?.role === "tool") {
    // Answer and tick the plan off in one turn; the next turn only closes.
    if (plan.some((t) => t.status !== "completed")) {
      const done = plan.map((t) => ({ ...t, status: "completed" as const }));
      return paced(
        {
          reasoning: COPY[lang].reasoning,
          text: answerFor(userText, lang, true, read && { file: read, files }),
          toolCall: { name: WRITE_TODOS, args: { todos: done } },
        },
        delayMs,
      );
    }
    return paced({ text: COPY[lang].closing }, delayMs);
  }
  return paced(
    { reasoning: COPY[lang].reasoning, text: answerFor(userText, lang, Boolean(plan), read && { file: read, files }) },
    delayMs,
  );
}

const ASKS_ABOUT_A_FILE =
  /\b(file|files|attach(ed|ment|ments)?|document|upload(ed)?|pdf|csv|spreadsheet|notes?)\b|文件|附件|文档|上传/i;

/** The attached file the user asks about: one named in the text, else the latest upload. */
function fileAskedAbout(userText: string, files: AttachmentRef[]): AttachmentRef | null {
  if (files.length === 0) return null;
  const lower = userText.toLowerCase();
  const named = files.findLast((f) => lower.includes(f.name.toLowerCase()));
  if (named) return named;
  return ASKS_ABOUT_A_FILE.test(userText) ? files[files.length - 1] : null;
}

type FileRead = { path: string; text: string };

/** The result of a read_file call since the user's last message, its line numbers removed. */
function readResult(request: ChatRequest): FileRead | null {
  const sinceUser = request.messages.slice(request.messages.findLastIndex((m) => m.role === "user") + 1);
  for (const m of sinceUser) {
    const call = m.tool_calls?.find((c) => c.function.name === READ_FILE);
    if (!call) continue;
    const result = sinceUser.find((r) => r.role === "tool" && r.tool_call_id === call.id);
    if (!result) return null;
    let path = "";
    try {
      path = String((JSON.parse(call.function.arguments ?? "{}") as { file_path?: unknown }).file_path ?? "");
    } catch {
      // A malformed call still has a result to quote.
    }
    // The app's read_file heads its output with the range ("@@ lines 1-2 of 2 @@"); the
    // filesystem backend numbers each line.
    const text = messageText(result)
      .split("\n")
      .filter((line) => !/^@@ .* @@$/.test(line))
      .map((line) => line.replace(/^\s*\d+\t/, ""))
      .join("\n");
    return { path, text };
  }
  return null;
}

/** The todo list of the most recent write_todos call since the user's last message. */
function latestPlan(request: ChatRequest): Todo[] | null {
  const sinceUser = request.messages.slice(request.messages.findLastIndex((m) => m.role === "user") + 1);
  for (const m of [...sinceUser].reverse()) {
    const call = m.tool_calls?.findLast((c) => c.function.name === WRITE_TODOS);
    if (!call) continue;
    try {
      return (JSON.parse(call.function.arguments ?? "{}") as { todos?: Todo[] }).todos ?? [];
    } catch {
      return [];
    }
  }
  return null;
}

type Lang = "en" | "zh";
type Todo = { content: string; status: "in_progress" | "pending" | "completed" };

const COPY = {
  en: {
    planning: "Let me start with a short plan.",
    reading: (name: string) => `Let me read \`${name}\`.`,
    fromFile: (name: string, lines: number) => `**From \`${name}\`** (${lines} ${lines === 1 ? "line" : "lines"}):`,
    closing: "All three steps are done. Ask a follow-up question any time.",
    reasoning:
      "The user is talking to the offline demo model. Restate the request, show what the demo covers, and explain how to connect a real model.",
    plan: (topic: string) => [
      `Understand the request: "${topic}"`,
      "Outline the key points",
      "Write the answer with an example",
    ],
    intro:
      "> **Offline demo.** This reply comes from Meridian's built-in demo model, which runs without any provider. " +
      "To use a real model, set `OPENAI_BASE_URL`, `OPENAI_API_KEY` and `LLM_MODEL`, or add a provider in the admin console.",
    request: "**Your request:**",
    shown: "What this demo just showed:",
    bullets: (planned: boolean) => [
      planned
        ? "**Planning**: the agent wrote a three-step todo list with `write_todos`; it is in the status panel."
        : "**Planning**: agents with the todo tool first write a short plan, shown in the status panel.",
      "**Streaming**: this answer arrives a few words at a time, as from a real model.",
      "**Token usage**: the context ring and the usage card count real tokens.",
      "**Your workspace**: files, skills and knowledge bases work the same with a real model.",
    ],
    config: "Connect a real model with three environment variables, then restart:",
  },
  zh: {
    planning: "我先列一个简短的计划。",
    reading: (name: string) => `我先读一下 \`${name}\`。`,
    fromFile: (name: string, lines: number) => `**\`${name}\` 的内容**（共 ${lines} 行）：`,
    closing: "三个步骤都已完成。有其他问题随时问我。",
    reasoning: "用户正在使用离线演示模型。复述需求，说明演示内容，并介绍如何接入真实模型。",
    plan: (topic: string) => [`理解需求：“${topic}”`, "梳理要点", "给出回答和示例"],
    intro:
      "> **离线演示。** 这条回复来自 Meridian 内置的演示模型，无需任何模型服务即可运行。" +
      "要使用真实模型，请设置 `OPENAI_BASE_URL`、`OPENAI_API_KEY` 和 `LLM_MODEL`，或在管理后台添加模型服务。",
    request: "**你的需求：**",
    shown: "这次演示展示了：",
    bullets: (planned: boolean) => [
      planned
        ? "**计划**：智能体用 `write_todos` 写下了三步待办，可在状态面板查看。"
        : "**计划**：启用待办工具的智能体会先写一个简短计划，显示在状态面板中。",
      "**流式输出**：回答逐词到达，与真实模型一致。",
      "**用量统计**：上下文环和用量卡片按真实分词计数。",
      "**工作区**：文件、技能和知识库在接入真实模型后同样可用。",
    ],
    config: "设置以下三个环境变量即可接入真实模型，然后重启：",
  },
} as const;

const CONFIG_BLOCK = [
  "```bash",
  "OPENAI_BASE_URL=https://api.openai.com/v1",
  "OPENAI_API_KEY=sk-...",
  "LLM_MODEL=gpt-4o-mini",
  "```",
].join("\n");

function planFor(userText: string, lang: Lang): Todo[] {
  return COPY[lang].plan(excerpt(userText, 40)).map((content, i) => ({
    content,
    status: i === 0 ? "in_progress" : "pending",
  }));
}

function answerFor(
  userText: string,
  lang: Lang,
  planned: boolean,
  read: { file: FileRead; files: AttachmentRef[] } | null = null,
): string {
  const copy = COPY[lang];
  return [
    copy.intro,
    `${copy.request} ${excerpt(userText, 160) || "…"}`,
    ...(read ? [quoteFile(read.file, read.files, lang)] : []),
    copy.shown,
    copy
      .bullets(planned)
      .map((line) => `- ${line}`)
      .join("\n"),
    copy.config,
    CONFIG_BLOCK,
  ].join("\n\n");
}

const QUOTED_LINES = 5;

/** The file's first lines in a code block, each clipped, under the name the user gave the file. */
function quoteFile(read: FileRead, files: AttachmentRef[], lang: Lang): string {
  const lines = read.text.replace(/\n+$/, "").split("\n");
  const name = files.find((f) => f.path === read.path)?.name ?? (read.path.split("/").pop() || read.path);
  const shown = lines.slice(0, QUOTED_LINES).map((line) => excerpt(line, 100));
  if (lines.length > QUOTED_LINES) shown.push("…");
  const fence = "`".repeat(Math.max(3, ...(read.text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return [COPY[lang].fromFile(name, lines.length), `${fence}text`, ...shown, fence].join("\n");
}

/** The user's last message as they wrote it, and the files its attachments block listed. */
function lastUserTurn(request: ChatRequest): { text: string; files: AttachmentRef[] } {
  const user = request.messages.findLast((message) => message.role === "user");
  if (!user) return { text: "", files: [] };
  const { text, files } = splitAttachmentBlock(messageText(user));
  return { text: text.replace(/\s+/g, " ").trim(), files };
}

function excerpt(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length <= maxChars ? text : `${chars.slice(0, maxChars - 1).join("")}…`;
}

const WORDS_PER_CHUNK = 3;

function paced(
  parts: { reasoning?: string; text: string; toolCall?: { name: string; args: Record<string, unknown> } },
  delayMs: number,
): Reply {
  return {
    reasoningChunks: parts.reasoning ? chunkByWords(parts.reasoning, WORDS_PER_CHUNK) : [],
    textChunks: chunkByWords(parts.text, WORDS_PER_CHUNK),
    toolCalls: parts.toolCall
      ? [
          {
            id: newToolCallId(),
            name: parts.toolCall.name,
            argumentChunks: chunkByChars(JSON.stringify(parts.toolCall.args), 24),
          },
        ]
      : [],
    delayMs,
  };
}
