import path from "node:path";
import type { AgentRuntimeContext, VisibleKnowledgeBase } from "@/lib/agent/runtime/context-types";
import { retrieve } from "@/lib/kb/retrieve";
import { countTextTokens } from "@/lib/agent/token-count";
import {
  budgetedPassages,
  documentLines,
  passageBlock,
  QUERY_KB_BUDGET_TOKENS,
  retrievalLine,
  skipsBlankLines,
} from "./kb-passages";
import { findKbFiles, readKbDocumentText } from "@/lib/db/kb-documents";
import { readKbFile } from "@/lib/kb/documents";
import { ApiError } from "@/lib/errors/api-error";
import { openWorkspace } from "@/lib/workspace/open";
import { workdirOf } from "@/lib/workspace/paths";
import { describeFsError } from "@/lib/workspace/backend";
import { documentWindow, numberedLines } from "@/lib/kb/document-window";
import { findInDocumentInWorker } from "@/lib/kb/parse/parse-in-worker";
import type { KbSource } from "@/lib/agent/ui-parts";
import { readMindmap } from "@/lib/db/kb-mindmap";
import { mindmapOutline } from "@/lib/kb/mindmap-prompt";

/** What the knowledge-base tools do once the knowledge base is known to be visible (kb-tools.ts). */

const QUERY_TOP_K = 10;

export function readableToolError(err: unknown): string {
  if (err instanceof ApiError) return `Error: ${err.message}`;
  return `Error: ${err instanceof Error ? err.message : String(err)}`;
}

const lineRange = (a: number, b: number) => (a === b ? `line ${a}` : `lines ${a}-${b}`);

export async function queryKb(
  ctx: AgentRuntimeContext,
  kb: VisibleKnowledgeBase,
  args: { query_text: string; file_name?: string },
  onSources?: (sources: KbSource[]) => void,
): Promise<string> {
  const retrieval = await retrieve(ctx.actor, kb.kbId, args.query_text, {
    mode: "hybrid",
    topK: QUERY_TOP_K,
    fileName: args.file_name,
  });
  const how = retrievalLine(retrieval);
  if (retrieval.results.length === 0)
    return `No passages in "${kb.name}" match "${args.query_text}"${args.file_name ? ` in ${args.file_name}` : ""}. Try other words, or search_file to find documents by name.\n${how}`;
  // The question is echoed short: a long one would leave no room for the passages.
  const asked = args.query_text.length > 200 ? `${args.query_text.slice(0, 200)}…` : args.query_text;
  const head = `Passages from "${kb.name}" (kb_id: ${kb.kbId}) for "${asked}", best first:`;
  const foot = `Cite what you use as [file name, lines]. open_kb_document(kb_id, file_id, line) reads more around a passage.`;
  const frame = countTextTokens(
    [head, how, foot, `(${QUERY_TOP_K} more passage(s) not shown: ask a narrower question.)`].join("\n\n"),
  );
  const { shown, left } = budgetedPassages(retrieval.results, args.query_text, QUERY_KB_BUDGET_TOKENS - frame);
  // Documents whose blank lines a shown passage left out are read once, to number its lines.
  const texts = new Map<string, Promise<string | null>>();
  for (const { hit } of shown)
    if (skipsBlankLines(hit) && !texts.has(hit.fileId))
      texts.set(
        hit.fileId,
        // A document deleted since the search keeps its passage's own numbering.
        readKbDocumentText(ctx.actor, kb.kbId, hit.fileId).then(
          ({ text }) => text,
          () => null,
        ),
      );
  const spans = await Promise.all(
    shown.map(async ({ hit, window }) => {
      const line = documentLines(hit, (await texts.get(hit.fileId)) ?? null);
      return { start: line(window.firstLine), end: line(window.lastLine) };
    }),
  );
  onSources?.(
    shown.map(({ hit }, i) => ({
      kbId: kb.kbId,
      kbName: kb.name,
      fileId: hit.fileId,
      fileName: hit.fileName,
      startLine: spans[i].start,
      endLine: spans[i].end,
      headingPath: hit.headingPath,
    })),
  );
  return [
    head,
    how,
    ...shown.map((p, i) => passageBlock(i, p, spans[i])),
    ...(left > 0 ? [`(${left} more passage(s) not shown: ask a narrower question.)`] : []),
    foot,
  ].join("\n\n");
}

export async function openKbDocument(
  ctx: AgentRuntimeContext,
  kb: VisibleKnowledgeBase,
  args: { file_id: string; line?: number; offset?: number; window_size: number },
): Promise<string> {
  const { doc, text } = await readKbDocumentText(ctx.actor, kb.kbId, args.file_id);
  if (text === null) return `"${doc.name}" is not readable yet (status: ${doc.status}).`;
  const w = documentWindow(text, { line: args.line, offset: args.offset, window: args.window_size });
  return [
    `${doc.name} (file_id: ${doc.id}), ${lineRange(w.startLine, w.endLine)} of ${w.totalLines}, characters ${w.offset}-${w.nextOffset} of ${w.totalChars}`,
    numberedLines(w),
    `has_more: ${w.hasMore}${w.hasMore ? ` (continue with offset=${w.nextOffset})` : ""}; has_previous: ${w.hasPrevious}`,
  ].join("\n");
}

export async function findKbDocument(
  ctx: AgentRuntimeContext,
  kb: VisibleKnowledgeBase,
  args: {
    file_id: string;
    patterns: string[];
    use_regex: boolean;
    case_sensitive: boolean;
    max_windows: number;
    window_size: number;
  },
): Promise<string> {
  const { doc, text } = await readKbDocumentText(ctx.actor, kb.kbId, args.file_id);
  if (text === null) return `"${doc.name}" is not readable yet (status: ${doc.status}).`;
  const found = await findInDocumentInWorker(text, {
    patterns: args.patterns,
    useRegex: args.use_regex,
    caseSensitive: args.case_sensitive,
    maxWindows: args.max_windows,
    windowSize: args.window_size,
  });
  if (found.error) return found.error;
  const stopped = found.stoppedAtLine
    ? ` The search stopped before line ${found.stoppedAtLine}: the pattern is too costly for the whole document; use a simpler pattern or plain text.`
    : "";
  if (found.matches === 0)
    return `No line of ${doc.name} matches ${args.patterns.map((p) => JSON.stringify(p)).join(", ")}.${stopped}`;
  return [
    `${found.matches} matching line(s) in ${doc.name} (file_id: ${doc.id}); ${found.windows.length} window(s):${stopped}`,
    ...found.windows,
  ].join("\n\n---\n");
}

export async function searchFile(
  ctx: AgentRuntimeContext,
  kb: VisibleKnowledgeBase | null,
  args: { query?: string; offset: number; limit: number },
): Promise<string> {
  const kbs = kb ? [kb] : ctx.visibleKnowledgeBases;
  const { total, files } = await findKbFiles(
    ctx.actor,
    kbs.map((k) => k.kbId),
    args,
  );
  if (total === 0)
    return `No documents${args.query ? ` named like "${args.query}"` : ""} in ${kb ? `"${kb.name}"` : "your knowledge bases"}.`;
  const names = new Map(kbs.map((k) => [k.kbId, k.name]));
  const lines = files.map((f) => `- ${f.name} (file_id: ${f.id}, kb: ${names.get(f.kbId)} [${f.kbId}], ${f.status})`);
  const shown = `${args.offset + 1}-${args.offset + files.length}`;
  return [
    `${total} document(s)${files.length < total ? `, showing ${shown}` : ""}:`,
    ...lines,
    ...(args.offset + files.length < total
      ? [`has_more: true (continue with offset=${args.offset + files.length})`]
      : []),
  ].join("\n");
}

export async function downloadKbFile(
  ctx: AgentRuntimeContext,
  kb: VisibleKnowledgeBase,
  args: { file_id: string; save_as?: string },
  rootThreadId: string | undefined,
): Promise<string> {
  if (!rootThreadId) return "Error: there is no conversation folder to save into.";
  const file = await readKbFile(ctx.actor, kb.kbId, args.file_id);
  const workspace = openWorkspace(ctx.actor.id);
  const outputs = `${workdirOf(rootThreadId)}/outputs`;
  const wanted = args.save_as ?? file.name;
  const ext = path.posix.extname(wanted);
  let target = `${outputs}/${wanted}`;
  for (let n = 1; (await workspace.stat(target)) !== null; n++) {
    if (n > 100) return `Error: ${wanted} and its numbered variants already exist in outputs/.`;
    target = `${outputs}/${path.posix.basename(wanted, ext)} (${n})${ext}`;
  }
  try {
    await workspace.writeBytes(target, file.bytes);
  } catch (err) {
    return `Error: ${describeFsError(err, target)}`;
  }
  return `Saved ${file.name} (${file.bytes.byteLength} bytes) from "${kb.name}" to ${target}.`;
}

export async function getMindmap(ctx: AgentRuntimeContext, kb: VisibleKnowledgeBase): Promise<string> {
  const map = await readMindmap(ctx.actor, kb.kbId);
  if (!map.tree) {
    const why =
      map.status === "generating"
        ? "it is being generated now; try again in a minute"
        : map.status === "failed"
          ? `the last attempt failed: ${map.error ?? "unknown reason"}`
          : "someone who manages it can generate one on its Mind map tab";
    return `"${kb.name}" has no mind map yet (${why}). Use search_file to list its documents instead.`;
  }
  const outline = mindmapOutline(map.tree, (id) => map.documents[id]);
  const note = map.status === "generating" ? " A newer one is being generated." : "";
  return `Mind map of "${kb.name}" (generated ${map.updatedAt}).${note} Topics with a file_id can be opened with open_kb_document.\n\n${outline}`;
}
