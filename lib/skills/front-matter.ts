import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from "yaml";
import { isSkillSlug, SKILL_SLUG_MAX } from "./slug";

import type { SkillMeta } from "@/lib/db/skills";

export type { SkillMeta };

export type ParsedSkillMarkdown =
  { ok: true; meta: SkillMeta; body: string } | { ok: false; line: number; reason: string };

const SKILL_NAME_MAX = 128;
const SKILL_DESCRIPTION_MAX = 1024;

const DEPENDENCY_KEYS = ["tool_dependencies", "mcp_dependencies", "skill_dependencies"] as const;
const FENCE = /^---[ \t]*$/;

/** "SKILL.md line 3: `name` is longer than 128 characters" */
export function describeRefusal(refusal: { line: number; reason: string }): string {
  return `SKILL.md line ${refusal.line}: ${refusal.reason}`;
}

/**
 * SKILL.md = YAML front matter between `---` lines at the very top, then the instructions.
 * Every refusal names the 1-based line of SKILL.md it is about and says why.
 */
export function parseSkillMarkdown(text: string): ParsedSkillMarkdown {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines = source.split("\n").map((l) => l.replace(/\r$/, ""));
  if (!FENCE.test(lines[0] ?? "")) {
    return refuse(
      1,
      "SKILL.md must start with a front matter block: a line `---`, then `name:` and `description:`, then `---`.",
    );
  }
  const close = lines.findIndex((l, i) => i > 0 && FENCE.test(l));
  if (close < 0)
    return refuse(lines.length, "The front matter opened on line 1 is never closed: add a line `---` after it.");

  const yamlText = lines.slice(1, close).join("\n");
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  // Front matter lines start at line 2 of SKILL.md.
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line + 1);
  const lineOf = (node: Node | null | undefined) => lineAt(node?.range?.[0]);

  const error = doc.errors[0];
  if (error) {
    return refuse(lineAt(error.pos?.[0]), `Invalid YAML: ${error.message.replace(/ at line \d+, column \d+.*$/s, "")}`);
  }
  if (doc.contents === null)
    return refuse(1, "The front matter is empty: it needs at least `name:` and `description:`.");
  if (!isMap(doc.contents))
    return refuse(lineOf(doc.contents), "The front matter must be `key: value` lines (a YAML mapping).");

  const fields = new Map<string, Pair<Node, Node | null>>();
  for (const pair of doc.contents.items as Pair<Node, Node | null>[]) {
    if (isScalar(pair.key) && typeof pair.key.value === "string") fields.set(pair.key.value, pair);
  }
  const keyLine = (key: string) => lineOf(fields.get(key)?.key);
  const valueLine = (key: string) => lineOf(fields.get(key)?.value ?? fields.get(key)?.key);

  const textField = (
    key: string,
  ): { ok: true; value: string | undefined } | { ok: false; line: number; reason: string } => {
    const pair = fields.get(key);
    if (!pair || pair.value === null || (isScalar(pair.value) && pair.value.value === null))
      return { ok: true, value: undefined };
    if (!isScalar(pair.value) || typeof pair.value.value !== "string") {
      return {
        ok: false,
        line: valueLine(key),
        reason: `\`${key}\` must be text (put it in quotes if it looks like a number, date or list).`,
      };
    }
    return { ok: true, value: pair.value.value.trim() };
  };

  const name = textField("name");
  if (!name.ok) return name;
  if (!name.value)
    return refuse(fields.has("name") ? keyLine("name") : 1, "`name` is required: add a line `name: <a short title>`.");
  if ([...name.value].length > SKILL_NAME_MAX)
    return refuse(valueLine("name"), `\`name\` is longer than ${SKILL_NAME_MAX} characters.`);

  const description = textField("description");
  if (!description.ok) return description;
  if (!description.value) {
    return refuse(
      fields.has("description") ? keyLine("description") : 1,
      "`description` is required: add a line `description: <when to use this skill>`.",
    );
  }
  if ([...description.value].length > SKILL_DESCRIPTION_MAX) {
    return refuse(
      valueLine("description"),
      `\`description\` is longer than ${SKILL_DESCRIPTION_MAX} characters; move details into the body.`,
    );
  }

  const slug = textField("slug");
  if (!slug.ok) return slug;
  if (slug.value !== undefined && !isSkillSlug(slug.value)) {
    return refuse(
      valueLine("slug"),
      `\`slug\` "${slug.value}" is not valid: use lowercase letters and digits joined by single hyphens (like "weekly-report"), at most ${SKILL_SLUG_MAX} characters.`,
    );
  }

  const meta: SkillMeta = {
    name: name.value,
    description: description.value,
    tool_dependencies: [],
    mcp_dependencies: [],
    skill_dependencies: [],
  };
  if (slug.value !== undefined) meta.slug = slug.value;

  for (const key of DEPENDENCY_KEYS) {
    const pair = fields.get(key);
    if (!pair || pair.value === null || (isScalar(pair.value) && pair.value.value === null)) continue;
    if (!isSeq(pair.value)) {
      return refuse(
        valueLine(key),
        `\`${key}\` must be a list, for example \`${key}: [first, second]\` or one \`- item\` per line.`,
      );
    }
    const values: string[] = [];
    for (const item of pair.value.items as (Node | null)[]) {
      const value = isScalar(item) && typeof item.value === "string" ? item.value.trim() : null;
      if (!value) return refuse(lineOf(item ?? pair.value), `Every entry of \`${key}\` must be a non-empty name.`);
      if (key === "skill_dependencies" && !isSkillSlug(value)) {
        return refuse(
          lineOf(item),
          `\`${value}\` in \`skill_dependencies\` is not a skill slug (lowercase letters and digits joined by hyphens).`,
        );
      }
      if (!values.includes(value)) values.push(value);
    }
    meta[key] = values;
  }

  const bodyStart = nthLineEnd(source, close);
  return { ok: true, meta, body: bodyStart < 0 ? "" : source.slice(bodyStart) };
}

function refuse(line: number, reason: string): { ok: false; line: number; reason: string } {
  return { ok: false, line: Math.max(1, line), reason };
}

/** Offset just after the newline that ends line `index` (0-based), or -1 when it is the last line. */
function nthLineEnd(text: string, index: number): number {
  let offset = 0;
  for (let i = 0; i <= index; i++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return -1;
    offset = next + 1;
  }
  return offset;
}
