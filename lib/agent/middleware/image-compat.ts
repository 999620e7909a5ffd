import { createMiddleware } from "langchain";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { modelInfo } from "@/lib/agent/runtime/load-model";
import { imageRefusals, isImageInputRefusal, type ImageRefusalMemory } from "@/lib/models/vision";
import { ocrParseFileTool } from "@/lib/agent/tools/ocr-parse-file";
import { OCR_PARSE_FILE } from "@/lib/agent/tools/names";

type Block = Record<string, unknown>;
type ImageRef = { url: string; mimeType: string };
type ToolImage = ImageRef & { path: string | null; tool: string };

/** The data (or remote) URL of an image content block in any of LangChain's shapes, else null. */
export function imageOfBlock(block: unknown): ImageRef | null {
  if (!block || typeof block !== "object") return null;
  const b = block as Block;
  if (b.type === "image_url") {
    const url = typeof b.image_url === "string" ? b.image_url : (b.image_url as { url?: unknown } | undefined)?.url;
    return typeof url === "string" ? { url, mimeType: /^data:([^;,]+)/.exec(url)?.[1] ?? "image" } : null;
  }
  if (b.type !== "image") return null;
  const mimeType = String(b.mimeType ?? b.mime_type ?? "image/png");
  if (typeof b.data === "string" && b.data) return { url: `data:${mimeType};base64,${b.data}`, mimeType };
  if (typeof b.url === "string") return { url: b.url, mimeType };
  return null;
}

function blocksOf(message: BaseMessage): unknown[] {
  return Array.isArray(message.content) ? message.content : [];
}

export function hasImages(messages: BaseMessage[]): boolean {
  return messages.some(
    (m) => (ToolMessage.isInstance(m) || HumanMessage.isInstance(m)) && blocksOf(m).some((b) => imageOfBlock(b)),
  );
}

/** `file_path` of each tool call (read_file's argument), by tool call id. */
function pathsByToolCall(messages: BaseMessage[]): Map<string, string> {
  const paths = new Map<string, string>();
  for (const m of messages) {
    if (!AIMessage.isInstance(m)) continue;
    for (const call of m.tool_calls ?? []) {
      const p = (call.args as { file_path?: unknown } | undefined)?.file_path;
      if (call.id && typeof p === "string") paths.set(call.id, p);
    }
  }
  return paths;
}

function label(image: ToolImage): string {
  return image.path ?? `the image returned by ${image.tool}`;
}

function withContent(message: BaseMessage, content: Block[]): BaseMessage {
  const common = {
    content: content as never,
    id: message.id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  };
  if (ToolMessage.isInstance(message)) {
    return new ToolMessage({
      ...common,
      tool_call_id: message.tool_call_id,
      status: message.status,
      artifact: message.artifact,
    });
  }
  return new HumanMessage(common);
}

/** Replaces each image block of `message` through `note`; the same message when it has none. */
function replaceImages(message: BaseMessage, note: (image: ImageRef) => string): BaseMessage {
  const blocks = blocksOf(message);
  if (!blocks.some((b) => imageOfBlock(b))) return message;
  const content = blocks.map((b) => {
    const image = imageOfBlock(b);
    return image ? { type: "text", text: note(image) } : (b as Block);
  });
  return withContent(message, content);
}

/**
 * Chat Completions takes images only in user messages: each image a tool returned becomes a
 * short note in the tool result, and the images of a run of tool results follow it in one
 * user message that names their paths. Returns new messages; the given ones are untouched.
 */
export function moveToolImagesToUserMessages(messages: BaseMessage[]): BaseMessage[] {
  const paths = pathsByToolCall(messages);
  const out: BaseMessage[] = [];
  let pending: ToolImage[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const names = pending.map(label);
    const content: Block[] = [
      {
        type: "text",
        text: `Image${pending.length > 1 ? "s" : ""} from the tool result${pending.length > 1 ? "s" : ""} above (tool results cannot carry images): ${names.join(", ")}`,
      },
    ];
    pending.forEach((image, i) => {
      if (pending.length > 1) content.push({ type: "text", text: `[${i + 1}] ${names[i]}` });
      content.push({ type: "image_url", image_url: { url: image.url } });
    });
    out.push(new HumanMessage({ content: content as never }));
    pending = [];
  };
  for (const m of messages) {
    if (!ToolMessage.isInstance(m)) {
      flush();
      out.push(m);
      continue;
    }
    const path = paths.get(m.tool_call_id) ?? null;
    out.push(
      replaceImages(m, (image) => {
        const found: ToolImage = { ...image, path, tool: m.name ?? "a tool" };
        pending.push(found);
        return `[Image ${label(found)} (${image.mimeType}) is shown in the next user message.]`;
      }),
    );
  }
  flush();
  return out;
}

/** For a model that cannot view images: every image becomes a note pointing at ocr_parse_file. */
export function withoutImages(messages: BaseMessage[]): BaseMessage[] {
  const paths = pathsByToolCall(messages);
  return messages.map((m) => {
    if (HumanMessage.isInstance(m)) {
      return replaceImages(m, () => "[An image was attached here, but this model cannot view images.]");
    }
    if (!ToolMessage.isInstance(m)) return m;
    const path = paths.get(m.tool_call_id);
    return replaceImages(m, (image) =>
      path
        ? `[Image ${path} (${image.mimeType}) not shown: this model cannot view images. ` +
          `To read its text, call ${OCR_PARSE_FILE} with file_paths ${JSON.stringify([path])}.]`
        : `[An image returned by ${m.name ?? "a tool"} is not shown: this model cannot view images.]`,
    );
  });
}

function modelKey(model: unknown): string {
  return modelInfo(model)?.spec ?? String((model as { model?: unknown } | null)?.model ?? "unknown");
}

/**
 * Image input compatibility, chain slot 9
 * (docs/ARCHITECTURE.md, "Model calls: retry, fallback, images"). Rewrites only the request's view
 * of the messages. When the provider refuses images, the call is made once more without them, and
 * the model spec is remembered (for this run, and in-process for a while) so later calls send
 * none. Registers `ocr_parse_file`, the way to read an image without vision.
 */
export function imageCompatMiddleware(opts: { memory?: ImageRefusalMemory } = {}) {
  const memory = opts.memory ?? imageRefusals;
  const refusedInRun = new Set<string>();

  return createMiddleware({
    name: "ImageCompatMiddleware",
    tools: [ocrParseFileTool],
    wrapModelCall: async (request, handler) => {
      if (!hasImages(request.messages)) return handler(request);
      const key = modelKey(request.model);
      const blind = () => handler({ ...request, messages: withoutImages(request.messages) });
      if (refusedInRun.has(key) || memory.refused(key)) return blind();
      try {
        return await handler({ ...request, messages: moveToolImagesToUserMessages(request.messages) });
      } catch (err) {
        if (!isImageInputRefusal(err)) throw err;
        refusedInRun.add(key);
        memory.remember(key);
        return blind();
      }
    },
  });
}
