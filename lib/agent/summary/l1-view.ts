import { createHash } from "node:crypto";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { decode, encode } from "gpt-tokenizer";
import { countTextTokens } from "@/lib/agent/token-count";
import { messageText } from "@/lib/models/message-text";

/** String arguments of old write_file / edit_file calls longer than this are cut to KEPT_ARG_CHARS. */
export const MAX_OLD_ARG_CHARS = 2000;
const KEPT_ARG_CHARS = 200;
const FILE_WRITING_TOOLS = new Set(["write_file", "edit_file"]);

export type L1Options = {
  /** The last this many messages are recent: their tool-call arguments stay whole. */
  keepMessages: number;
  /** Tool results over this many tokens become receipts with a preview of at most as many tokens. */
  toolResultTokenLimit: number;
  /**
   * Results the model has not read yet (after the last AI message) stay whole unless one is over
   * this many tokens: then it too becomes a receipt, with a preview of as many.
   */
  unseenTokenLimit: number;
  /** `<workdir>/outputs/large_tool_results`, where full results are written. */
  resultsDir: string;
  /** Writes a full result once; called only for a path not written before. */
  save(path: string, text: string): Promise<void>;
};

export type L1Result = { messages: BaseMessage[]; receipts: number; truncatedArgs: number };

/**
 * L1 (docs/ARCHITECTURE.md, "Summary"): a temporary view of the request's messages. The messages of state are never
 * changed: changed messages are new objects. Each replacement is remembered per original message
 * object and options, so the next model call of the run reuses it (counted once, written once),
 * and full results are content-addressed: a later run finds the file by its name and does not
 * write it again.
 */
export async function l1View(messages: BaseMessage[], opts: L1Options): Promise<L1Result> {
  const recentFrom = Math.max(0, messages.length - opts.keepMessages);
  // The results after the last AI message answer the call the model is about to read: they stay
  // whole (a preview of what it just asked for would send it round in circles) unless one alone
  // would crowd out the rest of the request.
  const unseenFrom = messages.findLastIndex((m) => AIMessage.isInstance(m)) + 1;
  let receipts = 0;
  let truncatedArgs = 0;
  const out: BaseMessage[] = new Array(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    out[i] = m;
    if (ToolMessage.isInstance(m)) {
      const limit =
        i < unseenFrom ? opts.toolResultTokenLimit : Math.max(opts.unseenTokenLimit, opts.toolResultTokenLimit);
      const replaced = await receiptFor(m, { ...opts, toolResultTokenLimit: limit });
      if (replaced !== m) receipts++;
      out[i] = replaced;
    } else if (i < recentFrom && AIMessage.isInstance(m) && m.tool_calls?.length) {
      const replaced = truncatedCalls(m);
      if (replaced !== m) truncatedArgs++;
      out[i] = replaced;
    }
  }
  return { messages: out, receipts, truncatedArgs };
}

const receiptMemo = new WeakMap<ToolMessage, { key: string; message: ToolMessage }>();
/**
 * Receipts by tool call id: a new run rebuilds its messages from the checkpoint as new objects,
 * and a result seen before (same call, same text) gets the same receipt object back, counted once.
 */
const receiptById = new Map<string, { key: string; text: string; message: ToolMessage }>();
/** The texts it holds are bounded by characters (the oldest entries go first). */
const BY_ID_BUDGET_CHARS = 8_000_000;
let byIdChars = 0;
/** Paths this process wrote or found: a later pass does not touch the store for them. */
const written = new Set<string>();
const WRITTEN_LIMIT = 50_000;

async function receiptFor(m: ToolMessage, opts: L1Options): Promise<ToolMessage> {
  const key = `${opts.toolResultTokenLimit}\u0000${opts.resultsDir}`;
  const hit = receiptMemo.get(m);
  if (hit && hit.key === key) return hit.message;
  const text = messageText(m.content);
  const seen = receiptById.get(m.tool_call_id);
  if (seen && seen.key === key && seen.text === text && seen.message.name === m.name) {
    receiptMemo.set(m, { key, message: seen.message });
    return seen.message;
  }
  const result = await computeReceipt(m, text, opts);
  receiptMemo.set(m, { key, message: result });
  if (result !== m && text.length <= BY_ID_BUDGET_CHARS / 8) {
    const old = receiptById.get(m.tool_call_id);
    if (old) byIdChars -= old.text.length;
    receiptById.delete(m.tool_call_id);
    receiptById.set(m.tool_call_id, { key, text, message: result });
    byIdChars += text.length;
    for (const [id, entry] of receiptById) {
      if (byIdChars <= BY_ID_BUDGET_CHARS) break;
      receiptById.delete(id);
      byIdChars -= entry.text.length;
    }
  }
  return result;
}

async function computeReceipt(m: ToolMessage, text: string, opts: L1Options): Promise<ToolMessage> {
  // A token is at least one character: a text this short cannot be over the limit.
  if (text.length <= opts.toolResultTokenLimit) return m;
  const tokens = countTextTokens(text);
  if (tokens <= opts.toolResultTokenLimit) return m;
  const tool = safeName(m.name || "tool");
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const path = `${opts.resultsDir}/${tool}-${hash}.txt`;
  let saved = true;
  if (!written.has(path)) {
    try {
      await opts.save(path, text);
      if (written.size >= WRITTEN_LIMIT) written.clear();
      written.add(path);
    } catch (err) {
      console.error("[summarization] could not save a tool result:", err);
      saved = false;
    }
  }
  return new ToolMessage({
    content: receiptText(tool, tokens, saved ? path : null, preview(text, opts.toolResultTokenLimit)),
    tool_call_id: m.tool_call_id,
    name: m.name,
    id: m.id,
    status: m.status,
  });
}

function receiptText(tool: string, tokens: number, path: string | null, head: string): string {
  return [
    `[Tool result shortened to save context]`,
    `Tool: ${tool}`,
    `Size: ~${tokens} tokens`,
    path
      ? `Full result: ${path} (read it with read_file, page with offset/limit, or grep it)`
      : `The full result could not be saved.`,
    `Preview:`,
    head,
  ].join("\n");
}

/** The beginning of `text`, at most `limit` tokens of it. */
function preview(text: string, limit: number): string {
  // Enough characters for `limit` tokens of any text, so a huge result is not encoded whole.
  const head = text.slice(0, limit * 8);
  const tokens = encode(head, { disallowedSpecial: new Set() });
  if (tokens.length <= limit) return head;
  return `${decode(tokens.slice(0, Math.max(0, limit - 1)))}…`;
}

const truncatedMemo = new WeakMap<AIMessage, AIMessage>();

function truncatedCalls(m: AIMessage): AIMessage {
  const hit = truncatedMemo.get(m);
  if (hit) return hit;
  let changed = false;
  const calls = m.tool_calls!.map((call) => {
    if (!FILE_WRITING_TOOLS.has(call.name)) return call;
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(call.args ?? {})) {
      if (typeof v === "string" && v.length > MAX_OLD_ARG_CHARS) {
        args[k] = `${v.slice(0, KEPT_ARG_CHARS)}…(argument truncated: ${v.length} characters in all)`;
        changed = true;
      } else args[k] = v;
    }
    return { ...call, args };
  });
  const result = changed
    ? new AIMessage({
        content: m.content,
        tool_calls: calls,
        id: m.id,
        additional_kwargs: m.additional_kwargs,
        response_metadata: m.response_metadata,
      })
    : m;
  truncatedMemo.set(m, result);
  return result;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64) || "tool";
}
