/**
 * Standalone scripted model server (control endpoints on), for e2e tests and manual runs:
 *   npx tsx scripts/mock-llm.ts --port 4010 [--host 127.0.0.1] [--api-key KEY]
 *                               [--demo-delay-ms 25] [--demo-first-token-delay-ms 200]
 *                               [--models demo-chat,demo-fallback]
 */
import { parseArgs } from "node:util";
import { startMockLlmServer } from "../lib/testing/scripted-model";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    host: { type: "string", default: "127.0.0.1" },
    "api-key": { type: "string" },
    "demo-delay-ms": { type: "string" },
    "demo-first-token-delay-ms": { type: "string" },
    models: { type: "string" },
  },
});

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`mock-llm: --${name} must be a non-negative integer, got "${value}"`);
    process.exit(2);
  }
  return parsed;
}

const server = await startMockLlmServer({
  port: integer("port", values.port),
  host: values.host,
  apiKey: values["api-key"],
  demoDelayMs: integer("demo-delay-ms", values["demo-delay-ms"]),
  demoFirstTokenDelayMs: integer("demo-first-token-delay-ms", values["demo-first-token-delay-ms"]),
  models: values.models
    ?.split(",")
    .map((id) => id.trim())
    .filter(Boolean),
});
console.log(`mock-llm listening on ${server.url}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  await server.close();
  console.log(`mock-llm stopped (${signal})`);
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
