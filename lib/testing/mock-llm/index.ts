/** The OpenAI-compatible scripted model server: offline demo model and the tests' only double. */
export { createMockLlm, DEFAULT_MODELS, type MockLlm, type MockLlmOptions } from "./handler";
export { startMockLlmServer, type MockLlmServer, type MockLlmServerOptions } from "./server";
export { mockClient, scriptMarker, type MockClient } from "./client";
export { SCRIPT_HEADER, exhaustedText, modelScriptKey, type ScriptOptions, type ScriptStatus } from "./scripts";
export { IMAGE_REFUSAL_MESSAGE } from "./image-refusal";
export { turnSchema, type Turn, type ReplyTurn, type FaultTurn, type UsageOverride } from "./turns";
export type { LoggedRequest } from "./request-log";
export type { CompletionUsage } from "./usage";
export { embedText } from "./embeddings";
