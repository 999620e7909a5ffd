/**
 * Page addresses of the knowledge-base screens. The list and everything inside one KB share
 * /kbs, so Back walks out of a document, a tab and a KB in turn.
 *   /kbs                                  the list
 *   /kbs?kb=<id>&tab=documents|retrieval|mindmap|settings
 *   /kbs?kb=<id>&doc=<docId>&line=N&to=M  a document, scrolled to lines N..M (both optional)
 */
export type KbTab = "documents" | "retrieval" | "mindmap" | "settings";
const KB_TABS: KbTab[] = ["documents", "retrieval", "mindmap", "settings"];

export function kbHref(kbId: string, tab: KbTab = "documents", extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ kb: kbId, ...(tab === "documents" ? {} : { tab }), ...extra });
  return `/kbs?${params.toString()}`;
}

export function kbDocumentHref(kbId: string, docId: string, lines?: { line: number; to?: number }): string {
  const params = new URLSearchParams({ kb: kbId, doc: docId });
  if (lines) {
    params.set("line", String(lines.line));
    if (lines.to !== undefined && lines.to > lines.line) params.set("to", String(lines.to));
  }
  return `/kbs?${params.toString()}`;
}

export function kbTabOf(value: string | null): KbTab {
  return KB_TABS.find((tab) => tab === value) ?? "documents";
}

/** A positive line number from the address, or null. */
export function lineParam(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : null;
}
