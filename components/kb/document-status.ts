import type { KbDocument, KbDocumentStatus } from "./api";

/** Where a document stands in ingestion: uploaded -> parsing -> parsed -> indexing -> indexed, or an error. */

const FINAL_STATUSES: readonly KbDocumentStatus[] = ["indexed", "error_parsing", "error_indexing"];

export const isFinal = (status: KbDocumentStatus) => FINAL_STATUSES.includes(status);
export const isFailed = (status: KbDocumentStatus) => status === "error_parsing" || status === "error_indexing";

/** Still being worked on: the list keeps polling while any document is. */
export const anyInProgress = (docs: readonly Pick<KbDocument, "status">[]) => docs.some((d) => !isFinal(d.status));

/**
 * Overall progress 0-100 across both stages (parsing is the first half, indexing the second),
 * so the bar never runs back when a document moves on to indexing.
 */
export function overallProgress(doc: Pick<KbDocument, "status" | "progress">): number {
  const within = Math.max(0, Math.min(100, doc.progress)) / 100;
  switch (doc.status) {
    case "uploaded":
      return 0;
    case "parsing":
      return Math.round(within * 50);
    case "parsed":
      return 50;
    case "indexing":
      return Math.round(50 + within * 50);
    default:
      return 100;
  }
}
