/**
 * Best-effort repair of tool-call argument JSON as some providers emit it: wrapped in code
 * fences, with trailing commas, or cut off before the closing braces. Returns an object or null.
 */
export function repairToolArguments(raw: string): Record<string, unknown> | null {
  const candidates = new Set<string>();
  let text = raw.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  if (fenced) text = fenced[1].trim();
  if (text === "") return {};
  candidates.add(text);
  const noTrailingCommas = text.replace(/,\s*([}\]])/g, "$1");
  candidates.add(noTrailingCommas);
  candidates.add(closeOpenBrackets(noTrailingCommas));
  for (const c of candidates) {
    try {
      const parsed: unknown = JSON.parse(c);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

function closeOpenBrackets(text: string): string {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") stack.push("}");
    else if (ch === "[") stack.push("]");
    else if (ch === "}" || ch === "]") stack.pop();
  }
  let out = text;
  if (inString) out += '"';
  out = out.replace(/,\s*$/, "");
  return out + stack.reverse().join("");
}
