import { messageText, type ChatRequest } from "./request-schema";

/**
 * A scripted tool call may use what an earlier tool returned, as a model would: in its string
 * arguments, `{{tool:K:field}}` is replaced by the value of the line `field: value` in the K-th
 * tool result of the request (0-based, in conversation order), e.g. a task id the app made up.
 * An unknown reference is left as it is, so the app sees (and reports) a wrong id.
 */
const REF = /\{\{tool:(\d+):([\w-]+)\}\}/g;

export function resolveToolResultRefs(args: Record<string, unknown>, request: ChatRequest): Record<string, unknown> {
  const results = request.messages.filter((m) => m.role === "tool").map((m) => messageText(m));
  const fill = (value: unknown): unknown => {
    if (typeof value === "string")
      return value.replace(REF, (whole, index: string, field: string) => {
        const text = results[Number(index)];
        const line = text?.match(new RegExp(`^${field}: *(.+)$`, "m"));
        return line ? line[1].trim() : whole;
      });
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(args) as Record<string, unknown>;
}
