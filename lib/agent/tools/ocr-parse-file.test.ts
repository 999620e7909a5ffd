import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ToolMessage } from "@langchain/core/messages";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  readAll,
  textOf,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker, modelScriptKey, type LoggedRequest } from "@/lib/testing/scripted-model";
import { getDb } from "@/lib/db/client";
import { providers } from "@/lib/db/schema";
import { invalidateProviderCache } from "@/lib/models/providers";
import { openWorkspace } from "@/lib/workspace/open";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import type { Actor } from "@/lib/identity/actor";
import { MAX_OCR_FILE_BYTES, MAX_OCR_FILES, OCR_NOT_CONFIGURED } from "./ocr-parse-file";

// How a model reads an image, through the real agent: workspace files, read_file, the image
// middleware, ocr_parse_file, and the scripted model server over HTTP.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PNG_URL = `data:image/png;base64,${PNG.toString("base64")}`;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const SIGN = "/home/gem/user-data/photos/sign.png";
const VISION_PROVIDER = "vision";
const VISION_MODEL = "mock-vision";
const OCR_KEY = modelScriptKey(VISION_MODEL);

let h: AgentHarness;
let actor: Actor;
let dataDir: string;
const savedDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-ocr-"));
  process.env.DATA_DIR = dataDir;
  h = await startAgentHarness();
  const db = await getDb();
  await db.insert(providers).values({
    id: VISION_PROVIDER,
    name: "Scripted vision model",
    baseUrl: h.mock.url,
    models: [{ id: VISION_MODEL, type: "chat" as const, contextWindow: 32_000, enabled: true }],
    source: "admin",
  });
  invalidateProviderCache();
  actor = await createTestUser();
  await openWorkspace(actor.id).writeBytes(SIGN, PNG);
  await openWorkspace(actor.id).writeBytes("/home/gem/user-data/docs/scan.pdf", PDF);
  await openWorkspace(actor.id).writeBytes("/home/gem/user-data/docs/notes.txt", "plain text\n");
});
afterAll(async () => {
  delete process.env.OCR_MODEL;
  await h.stop();
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.client.reset();
  process.env.OCR_MODEL = `${VISION_PROVIDER}:${VISION_MODEL}`;
});

type ChatBody = { messages: { role: string; content: unknown; tool_call_id?: string }[] };
const bodyOf = (r: LoggedRequest) => r.body as ChatBody;
const parts = (content: unknown) =>
  Array.isArray(content) ? (content as { type: string; text?: string; image_url?: { url: string } }[]) : [];
const imagesIn = (body: ChatBody) =>
  body.messages.flatMap((m) => parts(m.content)).filter((p) => p.type === "image_url");
const contentText = (content: unknown) =>
  typeof content === "string"
    ? content
    : parts(content)
        .map((p) => p.text ?? "")
        .join("\n");

function toolResults(values: Record<string, unknown>, name: string): string[] {
  return (values.messages as ToolMessage[])
    .filter((m) => m.getType() === "tool" && m.name === name)
    .map((m) => contentText(m.content));
}

describe("an image read with read_file", () => {
  it("reaches a model that accepts images in a user message right after the tool result", async () => {
    await h.client.script("sees", [
      { toolCalls: [{ name: "read_file", args: { file_path: SIGN } }] },
      { text: "It is a single pixel." },
    ]);
    const { values } = await runAgentTurn(actor, `What is in my photo? ${scriptMarker("sees")}`, {
      modelSpec: `${MOCK_PROVIDER}:mock-fallback`,
    });
    const log = await h.client.requests("sees");
    expect(log.map((r) => r.status)).toEqual([200, 200]);
    const messages = bodyOf(log[1]).messages;
    const toolAt = messages.findIndex((m) => m.role === "tool");
    expect(JSON.stringify(messages[toolAt].content)).not.toContain("image_url");
    const next = messages[toolAt + 1];
    expect(next.role).toBe("user");
    expect(contentText(next.content)).toContain(SIGN);
    expect(parts(next.content)).toContainEqual({ type: "image_url", image_url: { url: PNG_URL } });
    // State keeps the tool result as read_file returned it; only the request was rewritten.
    const stored = (values.messages as ToolMessage[]).find((m) => m.getType() === "tool")!;
    expect(parts(stored.content)[0]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect((values.messages as ToolMessage[]).map((m) => m.getType())).toEqual(["human", "ai", "tool", "ai"]);
  });

  it("is read with ocr_parse_file when the provider refuses images; the OCR text reaches the model, not the chat", async () => {
    await h.client.script(
      "blind",
      [
        { toolCalls: [{ name: "read_file", args: { file_path: SIGN } }] },
        { toolCalls: [{ name: "ocr_parse_file", args: { file_paths: [SIGN] } }] },
        { text: "The sign says OPEN." },
      ],
      { rejectImages: true },
    );
    await h.client.script(OCR_KEY, [{ text: "OPEN 9-17" }]);
    const threadId = crypto.randomUUID();
    const { stream } = await startChatRun(actor, {
      threadId,
      message: userMessage(`Read my sign ${scriptMarker("blind")}`),
      modelSpec: `${MOCK_PROVIDER}:mock-chat`,
    });
    const chunks = await readAll(stream);
    await activeRunForThread(threadId)?.done;

    const log = await h.client.requests("blind");
    // The image is refused once; the same call is made again without it, and later calls skip it.
    expect(log.map((r) => r.status)).toEqual([200, 400, 200, 200]);
    expect(imagesIn(bodyOf(log[1]))).toHaveLength(1);
    for (const r of [log[2], log[3]]) expect(imagesIn(bodyOf(r))).toEqual([]);
    const note = bodyOf(log[2]).messages.find((m) => m.role === "tool")!;
    expect(contentText(note.content)).toContain(`call ocr_parse_file with file_paths ["${SIGN}"]`);

    const ocr = await h.client.requests(OCR_KEY);
    expect(ocr).toHaveLength(1);
    expect(ocr[0].model).toBe(VISION_MODEL);
    expect(imagesIn(bodyOf(ocr[0]))).toEqual([{ type: "image_url", image_url: { url: PNG_URL } }]);

    const ocrResult = bodyOf(log[3])
      .messages.filter((m) => m.role === "tool")
      .at(-1)!;
    expect(contentText(ocrResult.content)).toBe(`## ${SIGN}\nOPEN 9-17`);
    expect(textOf(chunks)).toBe("The sign says OPEN.");
    expect(textOf(chunks)).not.toContain("OPEN 9-17");
  });
});

describe("ocr_parse_file", () => {
  async function ocrCall(key: string, file_paths: string[], who: Actor = actor) {
    await h.client.script(key, [{ toolCalls: [{ name: "ocr_parse_file", args: { file_paths } }] }, { text: "done" }]);
    const { values } = await runAgentTurn(who, `OCR please ${scriptMarker(key)}`, {
      modelSpec: `${MOCK_PROVIDER}:mock-chat`,
    });
    const results = toolResults(values, "ocr_parse_file");
    expect(results).toHaveLength(1);
    return results[0];
  }

  it("answers with a readable error when OCR_MODEL is not set, without calling any model", async () => {
    delete process.env.OCR_MODEL;
    await h.client.script(OCR_KEY, [{ text: "must not be used" }]);
    expect(await ocrCall("no-ocr", [SIGN])).toBe(OCR_NOT_CONFIGURED);
    expect(OCR_NOT_CONFIGURED).toMatch(/OCR is not configured: set OCR_MODEL to a vision-capable model/);
    expect(await h.client.requests(OCR_KEY)).toHaveLength(0);
  });

  it("names an OCR_MODEL that no provider offers", async () => {
    process.env.OCR_MODEL = `${VISION_PROVIDER}:no-such-model`;
    expect(await ocrCall("ocr-missing-model", [SIGN])).toMatch(/OCR model "vision:no-such-model" is not available/);
  });

  it.each([
    ["/etc/passwd", /Path refused: outside the workspace/],
    ["/home/gem/user-data/../../../etc/passwd", /Path refused: ".." is not allowed/],
    ["relative/sign.png", /Path refused: use an absolute path/],
  ])("refuses %s readably and reads nothing", async (file, expected) => {
    await h.client.script(OCR_KEY, [{ text: "must not be used" }]);
    const result = await ocrCall(`ocr-refuse-${file.length}`, [file]);
    expect(result).toMatch(expected);
    expect(await h.client.requests(OCR_KEY)).toHaveLength(0);
  });

  it("reports per file: a missing file, a directory, a text file, and OCR text for the image", async () => {
    await h.client.script(OCR_KEY, [{ text: "SIGN TEXT" }]);
    const result = await ocrCall("ocr-mixed", [
      "/home/gem/user-data/photos/missing.png",
      "/home/gem/user-data/photos",
      "/home/gem/user-data/docs/notes.txt",
      SIGN,
    ]);
    expect(result).toContain("## /home/gem/user-data/photos/missing.png\nError: no such file");
    expect(result).toContain("## /home/gem/user-data/photos\nError: /home/gem/user-data/photos is a directory");
    expect(result).toMatch(/notes\.txt\nError: .* is not an image .* or PDF; read text files with read_file/);
    expect(result).toContain(`## ${SIGN}\nSIGN TEXT`);
    expect(await h.client.requests(OCR_KEY)).toHaveLength(1);
  });

  it("refuses a file over the size limit before reading it", async () => {
    const big = "/home/gem/user-data/photos/huge.png";
    await openWorkspace(actor.id).writeBytes(big, Buffer.alloc(MAX_OCR_FILE_BYTES + 1));
    expect(await ocrCall("ocr-huge", [big])).toContain(`${big} is too large for OCR`);
    expect(await h.client.requests(OCR_KEY)).toHaveLength(0);
  });

  it(`refuses more than ${MAX_OCR_FILES} files in one call`, async () => {
    const many = Array.from({ length: MAX_OCR_FILES + 1 }, (_, i) => `/home/gem/user-data/p${i}.png`);
    expect(await ocrCall("ocr-many", many)).toMatch(/did not match expected schema|too_big|at most/i);
    expect(await h.client.requests(OCR_KEY)).toHaveLength(0);
  });

  it("sends a PDF as a file part", async () => {
    await h.client.script(OCR_KEY, [{ text: "PDF TEXT" }]);
    expect(await ocrCall("ocr-pdf", ["/home/gem/user-data/docs/scan.pdf"])).toBe(
      "## /home/gem/user-data/docs/scan.pdf\nPDF TEXT",
    );
    const [req] = await h.client.requests(OCR_KEY);
    const file = bodyOf(req)
      .messages.flatMap((m) => parts(m.content))
      .find((p) => p.type === "file") as unknown as {
      file: { filename: string; file_data: string };
    };
    expect(file.file).toEqual({
      filename: "scan.pdf",
      file_data: `data:application/pdf;base64,${PDF.toString("base64")}`,
    });
  });

  it("reads only the acting user's workspace", async () => {
    const other = await createTestUser();
    await h.client.script(OCR_KEY, [{ text: "must not be used" }]);
    expect(await ocrCall("ocr-other-user", [SIGN], other)).toContain(`## ${SIGN}\nError: no such file`);
    expect(await h.client.requests(OCR_KEY)).toHaveLength(0);
  });

  it("says so when the OCR model itself cannot view images", async () => {
    await h.client.script(OCR_KEY, [{ text: "unused" }], { rejectImages: true });
    expect(await ocrCall("ocr-blind-model", [SIGN])).toMatch(/the OCR model vision:mock-vision cannot view images/);
  });
});
