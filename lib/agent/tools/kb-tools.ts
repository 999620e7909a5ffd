import { tool, type ToolRunnableConfig } from "@langchain/core/tools";
import { z } from "zod";
import type { AgentRuntimeContext, BuiltinToolFactory, VisibleKnowledgeBase } from "@/lib/agent/runtime/context-types";
import { toolMetadata, type ToolProperties } from "./tool-properties";
import { runContextOf } from "@/lib/agent/run-context";
import { emitPart } from "@/lib/agent/ui-parts";
import * as runs from "./kb-tool-runs";

/**
 * The knowledge-base tools (docs/ARCHITECTURE.md, "Knowledge bases"), opened by the built-in
 * `knowledge-base` skill. Every call is limited to `ctx.visibleKnowledgeBases`, and the data access
 * under it checks the acting user's access again. Failures come back as readable text for the
 * model, never as a throw.
 */

export const NO_KNOWLEDGE_BASES = "No knowledge bases are available to you yet.";

const kbId = z.string().trim().min(1).max(200).describe("The id of a knowledge base, as list_kbs shows it");
const fileId = z.string().trim().min(1).max(200).describe("The id of a document in that knowledge base");
const kbName = z.string().trim().min(1).max(200).describe("The name (or id) of a knowledge base, as list_kbs shows it");

/**
 * The tools' argument schemas, built once per process: the tools are built per run, and a zod
 * object is costly to build (about 0.9 ms a run for these seven); the same schema object also
 * lets the token counter reuse its JSON form.
 */
const schemas = {
  list_kbs: z.object({}),
  query_kb: z.object({
    kb_id: kbId,
    query_text: z.string().trim().min(1).max(2000).describe("What to look for, as a question or keywords"),
    file_name: z.string().trim().min(1).max(500).optional().describe("Only search the document with this file name"),
  }),
  find_kb_document: z.object({
    kb_id: kbId,
    file_id: fileId,
    patterns: z
      .array(z.string().min(1).max(500))
      .min(1)
      .max(20)
      .describe("Text (or regular expressions with use_regex) to look for"),
    use_regex: z.boolean().default(false),
    case_sensitive: z.boolean().default(false),
    max_windows: z.number().int().min(1).max(50).default(5).describe("At most this many windows"),
    window_size: z.number().int().min(10).max(2000).default(80).describe("Characters around each match"),
  }),
  open_kb_document: z.object({
    kb_id: kbId,
    file_id: fileId,
    line: z.number().int().min(1).optional().describe("1-based line to start at"),
    offset: z.number().int().min(0).optional().describe("Character offset to start at (when no line is given)"),
    window_size: z.number().int().min(1).max(2000).default(1800).describe("Characters to return (at most 2000)"),
  }),
  get_mindmap: z.object({ kb_name: kbName }),
  search_file: z.object({
    kb_name: kbName.optional(),
    query: z.string().trim().max(500).optional().describe("Part of a file name; omit to list every document"),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(300).default(300),
  }),
  download_kb_file: z.object({
    kb_id: kbId,
    file_id: fileId,
    save_as: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[^/\\\0]+$/, "a file name, without folders")
      .optional()
      .describe("File name to save as in outputs/ (default: the document's name)"),
  }),
};

type KbTarget = { by: "id" | "name"; value: string };

/** The visible knowledge base a call names, or the readable refusal the model gets instead. */
function resolveKnowledgeBase(visible: VisibleKnowledgeBase[], target: KbTarget): VisibleKnowledgeBase | string {
  if (visible.length === 0) return NO_KNOWLEDGE_BASES;
  const found = visible.find((kb) => kb.kbId === target.value || (target.by === "name" && kb.name === target.value));
  if (found) return found;
  return `Error: there is no knowledge base ${target.by === "id" ? "with the id" : "named"} "${target.value}" that you can use. Call list_kbs to see the ones available to you.`;
}

function listKnowledgeBases(visible: VisibleKnowledgeBase[]): string {
  if (visible.length === 0) return NO_KNOWLEDGE_BASES;
  const lines = visible.map(
    (kb) => `- ${kb.name} (id: ${kb.kbId}, type: ${kb.kbType})${kb.description ? `: ${kb.description}` : ""}`,
  );
  return [`Knowledge bases you can use (${visible.length}):`, ...lines].join("\n");
}

/** A tool whose call names one knowledge base: refused unless it is visible to this run. */
function kbScopedTool<S extends z.ZodObject>(
  ctx: AgentRuntimeContext,
  spec: {
    name: string;
    description: string;
    schema: S;
    /** Knowledge-base tools only read: `{ readonly: true }` unless a tool says more. */
    properties?: ToolProperties;
    /** null: the call names no knowledge base (it spans every visible one). */
    target: (args: z.infer<S>) => KbTarget | null;
    run: (args: z.infer<S>, kb: VisibleKnowledgeBase | null, config: ToolRunnableConfig) => Promise<string>;
  },
) {
  return tool(
    async (args: z.infer<S>, config: ToolRunnableConfig) => {
      if (ctx.visibleKnowledgeBases.length === 0) return NO_KNOWLEDGE_BASES;
      const target = spec.target(args);
      const kb = target ? resolveKnowledgeBase(ctx.visibleKnowledgeBases, target) : null;
      if (typeof kb === "string") return kb;
      try {
        return await spec.run(args, kb, config);
      } catch (err) {
        return runs.readableToolError(err);
      }
    },
    {
      name: spec.name,
      description: spec.description,
      schema: spec.schema,
      metadata: toolMetadata(spec.properties ?? { readonly: true }),
    },
  );
}

const listKbs: BuiltinToolFactory = (ctx) =>
  tool(async () => listKnowledgeBases(ctx.visibleKnowledgeBases), {
    name: "list_kbs",
    description: "List the knowledge bases you can search, with their ids, types and descriptions.",
    schema: schemas.list_kbs,
    metadata: toolMetadata({ readonly: true }),
  });

const queryKb: BuiltinToolFactory = (ctx) =>
  kbScopedTool(ctx, {
    name: "query_kb",
    description:
      "Search one knowledge base for passages relevant to a question: keyword search, fused with semantic search when the knowledge base has an embedding model (the answer says which ran). Long passages are cut to the part around the match; open_kb_document reads the rest. Cite the documents you use.",
    schema: schemas.query_kb,
    properties: { readonly: true, boundedOutput: true }, // at most QUERY_KB_BUDGET_TOKENS
    target: (a) => ({ by: "id", value: a.kb_id }),
    run: (a, kb, config) =>
      runs.queryKb(ctx, kb!, a, (sources) =>
        emitPart(
          (config as { writer?: (chunk: unknown) => void }).writer,
          "kb-sources",
          { sources },
          {
            id: `kb-sources-${config.toolCall?.id ?? crypto.randomUUID()}`,
          },
        ),
      ),
  });

const findKbDocument: BuiltinToolFactory = (ctx) =>
  kbScopedTool(ctx, {
    name: "find_kb_document",
    description:
      "Find where patterns occur in one document of a knowledge base; returns line-numbered windows around the matches.",
    schema: schemas.find_kb_document,
    target: (a) => ({ by: "id", value: a.kb_id }),
    run: (a, kb) => runs.findKbDocument(ctx, kb!, a),
  });

const openKbDocument: BuiltinToolFactory = (ctx) =>
  kbScopedTool(ctx, {
    name: "open_kb_document",
    description:
      "Read a window of one knowledge-base document with line numbers, from a line or a character offset; says whether more follows.",
    schema: schemas.open_kb_document,
    properties: { readonly: true, boundedOutput: true }, // one window of at most 2000 characters
    target: (a) => ({ by: "id", value: a.kb_id }),
    run: (a, kb) => runs.openKbDocument(ctx, kb!, a),
  });

const getMindmap: BuiltinToolFactory = (ctx) =>
  kbScopedTool(ctx, {
    name: "get_mindmap",
    description:
      "Get the mind map of a knowledge base: its topics as an outline, each pointing at the document (and line) it comes from.",
    schema: schemas.get_mindmap,
    target: (a) => ({ by: "name", value: a.kb_name }),
    run: (_a, kb) => runs.getMindmap(ctx, kb!),
  });

const searchFile: BuiltinToolFactory = (ctx) =>
  kbScopedTool(ctx, {
    name: "search_file",
    description: "List documents by file name across your knowledge bases (or in one), with their ids.",
    schema: schemas.search_file,
    target: (a) => (a.kb_name ? { by: "name", value: a.kb_name } : null),
    run: (a, kb) => runs.searchFile(ctx, kb, a),
  });

const downloadKbFile: BuiltinToolFactory = (ctx) =>
  kbScopedTool(ctx, {
    name: "download_kb_file",
    description:
      "Copy a knowledge-base document into this conversation's outputs/ folder so you can read or process it as a file.",
    schema: schemas.download_kb_file,
    properties: { sideEffect: "external" }, // writes a file into the workdir, at a path the model does not give
    target: (a) => ({ by: "id", value: a.kb_id }),
    run: (a, kb, config) => runs.downloadKbFile(ctx, kb!, a, runContextOf(config)?.rootThreadId),
  });

/** By name; the `knowledge-base` skill declares exactly these. */
export const kbTools: Record<string, BuiltinToolFactory> = {
  list_kbs: listKbs,
  query_kb: queryKb,
  find_kb_document: findKbDocument,
  open_kb_document: openKbDocument,
  get_mindmap: getMindmap,
  search_file: searchFile,
  download_kb_file: downloadKbFile,
};

export const KB_TOOL_NAMES = Object.keys(kbTools);
