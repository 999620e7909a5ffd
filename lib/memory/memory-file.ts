/**
 * The user's MEMORY.md (/home/gem/user-data/agents/MEMORY.md), which every prompt includes:
 * facts learned from summarised conversations are appended under one heading, each once.
 */

export const MEMORY_HEADING = "## Learned from conversations";
/** MEMORY.md does not grow past this: the oldest learned facts go first (the user's own text stays). */
export const MEMORY_CAP_BYTES = 16 * 1024;
const MAX_FACT_CHARS = 300;

const DATE_SUFFIX = / \(\d{4}-\d{2}-\d{2}\)$/;

/** A fact as compared for duplicates: case, punctuation, spacing and the date suffix ignored. */
export function factKey(line: string): string {
  return line
    .replace(/^\s*[-*]\s+/, "")
    .replace(DATE_SUFFIX, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export type MergeResult = { text: string; added: string[]; dropped: number };

/**
 * MEMORY.md with `facts` appended under MEMORY_HEADING, skipping any fact already in the file
 * (anywhere: the user may have written it) or repeated in `facts`. Over the cap, the oldest
 * learned facts are dropped; the user's own lines are never touched.
 */
export function mergeMemory(existing: string, facts: string[], today: string): MergeResult {
  const known = new Set(existing.split("\n").map(factKey).filter(Boolean));
  const added: string[] = [];
  for (const raw of facts) {
    const fact = raw.replace(/\s+/g, " ").trim().slice(0, MAX_FACT_CHARS);
    const key = factKey(fact);
    if (!key || known.has(key)) continue;
    known.add(key);
    added.push(fact);
  }
  if (added.length === 0) return { text: existing, added, dropped: 0 };

  const lines = existing.replace(/\s+$/, "").split("\n");
  let at = lines.findIndex((l) => l.trim() === MEMORY_HEADING);
  if (at < 0) {
    if (lines.length === 1 && lines[0] === "") lines.length = 0;
    else lines.push("");
    lines.push(MEMORY_HEADING);
    at = lines.length - 1;
  }
  // The learned section runs from its heading to the next heading or the end.
  let end = lines.findIndex((l, i) => i > at && /^#{1,6} /.test(l));
  if (end < 0) end = lines.length;
  const section = lines.slice(at + 1, end).filter((l) => l.trim());
  section.push(...added.map((f) => `- ${f} (${today})`));
  let dropped = 0;
  const render = () => [...lines.slice(0, at + 1), ...section, ...lines.slice(end)].join("\n") + "\n";
  let text = render();
  while (Buffer.byteLength(text) > MEMORY_CAP_BYTES && section.length > 0) {
    section.shift();
    dropped++;
    text = render();
  }
  if (Buffer.byteLength(text) > MEMORY_CAP_BYTES) return { text: existing, added: [], dropped: 0 };
  return { text, added: added.filter((f) => section.some((l) => l.startsWith(`- ${f} (`))), dropped };
}
