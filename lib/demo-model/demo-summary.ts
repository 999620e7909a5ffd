import { messageText, type ChatRequest } from "./request-schema";
import { DURABLE } from "./demo-memory";

/**
 * The demo model's conversation summary (docs/ARCHITECTURE.md, "Summary"): a request of one user
 * message with the transcript between `<conversation>` tags and no tools. Deterministic: lines
 * that state a lasting fact or preference (an earlier summary's and the user's) are all kept under
 * "Requirements and preferences", so they survive summary after summary; of the other requests
 * only the last few.
 */
export function isSummaryRequest(request: ChatRequest): boolean {
  if (request.tools?.length) return false;
  const users = request.messages.filter((m) => m.role === "user");
  return users.length === 1 && /<conversation>[\s\S]*<\/conversation>/.test(messageText(users[0]));
}

export function demoSummary(request: ChatRequest): string {
  const text = messageText(request.messages.find((m) => m.role === "user")!);
  const transcript = /<conversation>([\s\S]*)<\/conversation>/.exec(text)?.[1] ?? "";
  const userLines = [...transcript.matchAll(/^User: (.+)$/gm)].map((m) => m[1].trim());
  const earlier = [...transcript.matchAll(/^- (.+)$/gm)].map((m) => m[1].trim());
  const files = [...new Set([...transcript.matchAll(/\/home\/gem\/[^\s"'`)]+/g)].map((m) => m[0]))];
  const all = [...new Set([...earlier, ...userLines])];
  const facts = [...all.filter((l) => DURABLE.test(l)).slice(-30), ...all.filter((l) => !DURABLE.test(l)).slice(-5)];
  return [
    "## Intent",
    clip(userLines[0] ?? earlier[0] ?? "(not stated)"),
    "",
    "## Requirements and preferences",
    ...(facts.length ? facts.map((f) => `- ${clip(f)}`) : ["- (none stated)"]),
    "",
    "## Progress and decisions",
    `Summarised ${transcript.split(/\n\n(?=User:|Assistant|Tool result)/).length} transcript entries.`,
    "",
    "## Artifacts and references",
    ...(files.length ? files.slice(0, 20).map((f) => `- ${f}`) : ["(none)"]),
    "",
    "## Next steps",
    "Continue with the user's latest request.",
  ].join("\n");
}

/** A summary condenses: a long line keeps its first 200 characters. */
function clip(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
