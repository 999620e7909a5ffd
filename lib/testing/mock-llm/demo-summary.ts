import { messageText, type ChatRequest } from "./request-schema";

/**
 * The demo model's conversation summary (SPEC 3.5): a request of one user message with the
 * transcript between `<conversation>` tags and no tools. Deterministic: every line the user
 * wrote is kept under "Requirements and preferences", so facts survive the summary.
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
  const facts = [...new Set([...earlier, ...userLines])].slice(-40);
  return [
    "## Intent",
    userLines[0] ?? earlier[0] ?? "(not stated)",
    "",
    "## Requirements and preferences",
    ...(facts.length ? facts.map((f) => `- ${f}`) : ["- (none stated)"]),
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
