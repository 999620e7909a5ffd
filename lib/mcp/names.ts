import crypto from "node:crypto";

export { mcpServerNameSchema } from "./server-name";

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TOOL_NAME = 64;
const HASH_LENGTH = 8;

/**
 * The name the model sees: `<server>__<tool>`. Tool names from the server may hold characters
 * or a length providers reject; such names are sanitised and, so two tools can never meet
 * under one name, given a short hash of the original.
 */
export function runtimeToolName(serverName: string, toolName: string): string {
  const full = `${serverName}__${toolName}`;
  if (TOOL_NAME.test(full)) return full;
  const hash = crypto.createHash("sha256").update(full).digest("hex").slice(0, HASH_LENGTH);
  const safe = full.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, MAX_TOOL_NAME - HASH_LENGTH - 1);
  return `${safe}_${hash}`;
}
