import { messageText, type ChatRequest } from "./request-schema";
import { MINDMAP_SYSTEM_MARKER } from "../kb/mindmap-prompt";

/**
 * The demo model's mind map: the outline it is given, as a tree (documents under the knowledge
 * base, their headings under them) with the refs kept. Deterministic, so tests can assert it.
 */

type Node = { title: string; ref?: string; children?: Node[] };

export function isMindmapRequest(request: ChatRequest): boolean {
  return request.messages.some((m) => m.role === "system" && messageText(m).startsWith(MINDMAP_SYSTEM_MARKER));
}

export function demoMindmap(request: ChatRequest): string {
  const user = messageText(request.messages.findLast((m) => m.role === "user") ?? { role: "user", content: "" });
  const lines = user.split("\n");
  const root: Node = { title: /^Knowledge base: (.+)$/m.exec(user)?.[1] ?? "Knowledge base", children: [] };
  let doc: Node | null = null;
  // stack[level] is the latest heading of that level in the current document
  let stack: Node[] = [];
  for (const line of lines) {
    const docMatch = /^\[(d\d+)\] (.+)$/.exec(line);
    if (docMatch) {
      doc = { title: docMatch[2], ref: docMatch[1], children: [] };
      root.children!.push(doc);
      stack = [doc];
      continue;
    }
    const heading = /^\s*\[(d\d+:\d+)\] (#+) (.+)$/.exec(line);
    if (!heading || !doc) continue;
    const level = heading[2].length;
    const node: Node = { title: heading[3], ref: heading[1] };
    if (level === 1 && doc.children!.length === 0 && stack.length === 1) {
      doc.title = node.title; // the document's own title names it
      doc.ref = node.ref;
      continue;
    }
    const parent = stack.slice(0, level).findLast(Boolean) ?? doc;
    (parent.children ??= []).push(node);
    stack = stack.slice(0, level);
    stack[level] = node;
  }
  const prune = (n: Node): Node =>
    n.children?.length
      ? { ...n, children: n.children.map(prune) }
      : { title: n.title, ...(n.ref ? { ref: n.ref } : {}) };
  return JSON.stringify(prune(root));
}
