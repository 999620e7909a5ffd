/**
 * The line a refusal of SKILL.md points at. The server puts the front-matter line in its
 * message ("SKILL.md line 3: …"); the editor marks that line.
 */
export function errorLineOf(message: string): number | null {
  const match = /\bline\s+(\d+)\b/i.exec(message);
  const line = match ? Number(match[1]) : NaN;
  return Number.isInteger(line) && line > 0 ? line : null;
}
