/**
 * The tests' only double: the demo model's handler (lib/demo-model) served over real HTTP with
 * its control API on, so a test scripts each model turn and reads the request log.
 */
export { createDemoModel, DEFAULT_MODELS, type DemoModel, type DemoModelOptions } from "@/lib/demo-model";
export { startMockLlmServer, type MockLlmServer, type MockLlmServerOptions } from "./server";
export { mockClient, scriptMarker, type MockClient } from "./client";
export {
  SCRIPT_HEADER,
  exhaustedText,
  modelScriptKey,
  type ScriptOptions,
  type ScriptStatus,
} from "@/lib/demo-model/scripts";
export { IMAGE_REFUSAL_MESSAGE } from "@/lib/demo-model/image-refusal";
export { turnSchema, type Turn, type ReplyTurn, type FaultTurn, type UsageOverride } from "@/lib/demo-model/turns";
export type { LoggedRequest } from "@/lib/demo-model/request-log";
export type { CompletionUsage } from "@/lib/demo-model/usage";
export { embedText } from "@/lib/demo-model/embeddings";
