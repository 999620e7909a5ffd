import { tool, type ToolRuntime } from "@langchain/core/tools";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { fileTypeFromBuffer } from "file-type";
import path from "node:path";
import { z } from "zod";
import { runContextOf } from "@/lib/agent/run-context";
import { loadChatModel } from "@/lib/agent/runtime/load-model";
import { classifyModelError } from "@/lib/models/model-errors";
import { isImageInputRefusal, ocrModelSpec } from "@/lib/models/vision";
import { openWorkspace } from "@/lib/workspace/open";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { MODEL_IMAGE_TYPES } from "@/lib/workspace/media-type";
import { VIRTUAL } from "@/lib/workspace/paths";
import { OCR_PARSE_FILE } from "./names";
import { toolMetadata } from "./tool-properties";

export const MAX_OCR_FILES = 10;
export const MAX_OCR_FILE_BYTES = 10 * 1024 * 1024;
const PDF = "application/pdf";

export const OCR_NOT_CONFIGURED =
  "Error: OCR is not configured: set OCR_MODEL to a vision-capable model (a provider:model spec such as " +
  "openai:gpt-4o-mini) and restart the server. Tell the user the file cannot be read until then.";

const OCR_INSTRUCTIONS =
  "You are an OCR engine. Transcribe all text in the given file exactly as written, in reading order and in " +
  "its original language. Keep structure with Markdown (headings, lists, tables). Do not summarise, translate " +
  'or comment. If there is no text at all, answer "(no text)" followed by one sentence describing the image.';

const argsSchema = z.object({
  file_paths: z
    .array(z.string().min(1))
    .min(1)
    .max(MAX_OCR_FILES)
    .describe(
      `1-${MAX_OCR_FILES} absolute paths of images (png, jpeg, gif, webp) or PDF files under ${VIRTUAL.userData}/`,
    ),
});

type OcrTarget = { model: BaseChatModel; spec: string; signal?: AbortSignal };

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The bytes of `file` as a content part the OCR model reads, or a readable refusal. */
async function contentPart(
  ws: WorkspaceBackend,
  file: string,
): Promise<{ part: Record<string, unknown>; pdf: boolean } | string> {
  let bytes: Buffer;
  try {
    const entry = await ws.stat(file);
    if (!entry) return `Error: no such file: ${file}`;
    if (entry.kind !== "file") return `Error: ${file} is a directory; name a file inside it.`;
    if (entry.size > MAX_OCR_FILE_BYTES) {
      return `Error: ${file} is too large for OCR (${entry.size} bytes; at most ${MAX_OCR_FILE_BYTES}).`;
    }
    bytes = await ws.readBytes(entry.virtual);
  } catch (err) {
    // PathRefused, StoreNotFound, StoreConflict: their messages are written for the model.
    return `Error: ${errorText(err)}`;
  }
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  const url = `data:${mime};base64,${bytes.toString("base64")}`;
  if (mime && MODEL_IMAGE_TYPES.has(mime)) return { part: { type: "image_url", image_url: { url } }, pdf: false };
  if (mime === PDF)
    return { part: { type: "file", file: { filename: path.posix.basename(file), file_data: url } }, pdf: true };
  return `Error: ${file} is not an image (png, jpeg, gif, webp) or PDF${mime ? ` (it is ${mime})` : ""}; read text files with read_file.`;
}

async function ocrOne(ws: WorkspaceBackend, target: OcrTarget, file: string): Promise<string> {
  const input = await contentPart(ws, file);
  if (typeof input === "string") return input;
  try {
    const answer = await target.model.invoke(
      [
        new SystemMessage(OCR_INSTRUCTIONS),
        new HumanMessage({
          content: [{ type: "text", text: `File: ${path.posix.basename(file)}` }, input.part] as never,
        }),
      ],
      // Internal call: never streamed into the chat (stream.ts and LangGraph skip `nostream`).
      { tags: ["nostream"], signal: target.signal },
    );
    return answer.text.trim() || "(no text)";
  } catch (err) {
    const c = classifyModelError(err);
    if (c.aborted) throw err;
    if (input.pdf && c.status !== null && c.status >= 400 && c.status < 500 && ![401, 403, 429].includes(c.status)) {
      return `Error: the OCR model ${target.spec} does not accept PDF files (${c.message}). Read the PDF another way.`;
    }
    if (isImageInputRefusal(err)) {
      return `Error: the OCR model ${target.spec} cannot view images (${c.message}). OCR_MODEL must name a vision-capable model.`;
    }
    return `Error: OCR of ${file} failed: ${c.message}`;
  }
}

/**
 * ocr_parse_file: the text of workspace images (and PDFs, when the OCR model takes them)
 * through the vision model named by OCR_MODEL — how a model without vision reads an image.
 */
export const ocrParseFileTool = tool(
  async ({ file_paths }: z.infer<typeof argsSchema>, runtime: ToolRuntime) => {
    const ctx = runContextOf(runtime);
    if (!ctx) return `Error: ${OCR_PARSE_FILE} can only read files inside a user's chat.`;
    const spec = await ocrModelSpec();
    if (!spec) return OCR_NOT_CONFIGURED;
    let model: BaseChatModel;
    try {
      model = await loadChatModel(spec);
    } catch (err) {
      return `Error: the OCR model "${spec}" is not available (${errorText(err)}). OCR_MODEL must name an enabled vision-capable model.`;
    }
    const ws = openWorkspace(ctx.userId);
    const sections: string[] = [];
    for (const file of [...new Set(file_paths)]) {
      sections.push(`## ${file}\n${await ocrOne(ws, { model, spec, signal: runtime.signal }, file)}`);
    }
    return sections.join("\n\n");
  },
  {
    name: OCR_PARSE_FILE,
    description:
      "Extract the text of images (png, jpeg, gif, webp) or PDF files in the workspace with an OCR vision model. " +
      "Use it when you cannot view an image yourself (a read_file result says so) or need its exact text. " +
      "Returns the text per file, or a readable error for a file that cannot be read.",
    schema: argsSchema,
    // Registered by the image-compatibility middleware.
    metadata: toolMetadata({ readonly: true, middlewareOwned: true }),
  },
);
