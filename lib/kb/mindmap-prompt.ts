import { z } from "zod";
import type { KbMindmapNode } from "@/lib/db/kb-schema";
import type { MindmapSourceDocument } from "@/lib/db/kb-mindmap";

/**
 * What the model is asked for a knowledge base's mind map, and how its answer becomes a stored
 * tree. The model sees document titles and headings (never whole documents), each with a ref
 * such as `d3:42` (document 3, line 42), and keeps the refs on the topics that stand for them,
 * so a topic in the tree opens its document at that heading.
 */

export const MINDMAP_SYSTEM_MARKER = "You draw the mind map of a knowledge base.";

export const MINDMAP_LIMITS = {
  documents: 300,
  /** Characters of each document read for its headings. */
  sourceChars: 100_000,
  headingsPerDocument: 40,
  headingDepth: 3,
  excerptChars: 160,
  outlineChars: 48_000,
  nodes: 400,
  depth: 5,
  childrenPerNode: 40,
  titleChars: 120,
} as const;

export type { MindmapSourceDocument };
export type OutlineDocument = {
  id: string;
  name: string;
  headings: { level: number; text: string; line: number }[];
  excerpt: string;
};

/** Markdown headings (outside code fences) down to `headingDepth`, with 1-based lines. */
export function outlineOf(doc: MindmapSourceDocument): OutlineDocument {
  const headings: OutlineDocument["headings"] = [];
  let fenced = false;
  let excerpt = "";
  const lines = doc.content.split("\n");
  for (let i = 0; i < lines.length && headings.length < MINDMAP_LIMITS.headingsPerDocument; i++) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (m && m[1].length <= MINDMAP_LIMITS.headingDepth) {
      headings.push({ level: m[1].length, text: m[2].slice(0, MINDMAP_LIMITS.titleChars), line: i + 1 });
    } else if (!excerpt && line.trim() && !m) {
      excerpt = line.trim().slice(0, MINDMAP_LIMITS.excerptChars);
    }
  }
  return { id: doc.id, name: doc.name, headings, excerpt };
}

export function mindmapMessages(kb: { name: string; description: string }, docs: OutlineDocument[]) {
  const parts: string[] = [];
  let size = 0;
  for (const [i, doc] of docs.entries()) {
    const lines = [`[d${i + 1}] ${doc.name}`];
    for (const h of doc.headings)
      lines.push(`${"  ".repeat(h.level)}[d${i + 1}:${h.line}] ${"#".repeat(h.level)} ${h.text}`);
    if (doc.headings.length === 0 && doc.excerpt) lines.push(`  excerpt: ${doc.excerpt}`);
    const block = lines.join("\n");
    if (size + block.length > MINDMAP_LIMITS.outlineChars) break;
    size += block.length;
    parts.push(block);
  }
  const system = [
    MINDMAP_SYSTEM_MARKER,
    "From the document titles and headings you are given, build a tree of the topics the knowledge base covers:",
    "the root is the knowledge base, its children are the main themes (group related documents; do not just list files),",
    "and deeper levels are subtopics. At most 5 levels, at most 12 children per topic, short titles (under 60 characters),",
    "in the language of the documents. When a topic stands for a document or a heading, copy its ref (such as d3 or d3:42).",
    'Answer with JSON only, no prose: {"title": "...", "children": [{"title": "...", "ref": "d1:12", "children": [...]}]}',
  ].join("\n");
  const user = [
    `Knowledge base: ${kb.name}`,
    kb.description ? `Description: ${kb.description}` : "",
    "",
    "Documents and their headings (refs in brackets):",
    parts.join("\n"),
  ]
    .filter((l, i) => l || i > 1)
    .join("\n");
  return [
    { role: "system" as const, content: system },
    { role: "user" as const, content: user },
  ];
}

type RawNode = { title: string; ref?: string; children?: RawNode[] };
const rawNode: z.ZodType<RawNode> = z.lazy(() =>
  z.object({
    title: z.string(),
    ref: z.string().optional(),
    children: z.array(rawNode).optional(),
  }),
);

/** The tree in the model's answer, refs resolved to documents and lines; null when there is none. */
export function parseMindmapAnswer(
  answer: string,
  docs: OutlineDocument[],
  fallbackTitle: string,
): KbMindmapNode | null {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = rawNode.safeParse(json);
  if (!parsed.success) return null;
  let budget: number = MINDMAP_LIMITS.nodes;
  const convert = (node: RawNode, depth: number): KbMindmapNode | null => {
    const title = node.title.replace(/\s+/g, " ").trim().slice(0, MINDMAP_LIMITS.titleChars);
    if (!title || budget <= 0) return null;
    budget--;
    const out: KbMindmapNode = { title, ...resolveRef(node.ref, docs) };
    if (depth < MINDMAP_LIMITS.depth && node.children?.length) {
      const children = node.children
        .slice(0, MINDMAP_LIMITS.childrenPerNode)
        .map((c) => convert(c, depth + 1))
        .filter((c): c is KbMindmapNode => c !== null);
      if (children.length) out.children = children;
    }
    return out;
  };
  const root = convert({ ...parsed.data, title: parsed.data.title || fallbackTitle }, 1);
  return root?.children?.length ? root : null;
}

function resolveRef(ref: string | undefined, docs: OutlineDocument[]): { docId?: string; line?: number } {
  const m = ref ? /^\s*d(\d+)(?::(\d+))?\s*$/.exec(ref) : null;
  const doc = m ? docs[Number(m[1]) - 1] : undefined;
  if (!doc) return {};
  const line = m![2] ? Number(m![2]) : undefined;
  return line && doc.headings.some((h) => h.line === line) ? { docId: doc.id, line } : { docId: doc.id };
}

/** The tree as an indented outline for the model (get_mindmap). */
export function mindmapOutline(root: KbMindmapNode, docName: (id: string) => string | undefined): string {
  const lines: string[] = [];
  const walk = (node: KbMindmapNode, depth: number) => {
    const name = node.docId ? docName(node.docId) : undefined;
    const where = name ? ` (${name}${node.line ? `, line ${node.line}` : ""}; file_id ${node.docId})` : "";
    lines.push(`${"  ".repeat(depth)}- ${node.title}${where}`);
    for (const child of node.children ?? []) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines.join("\n");
}
