/**
 * The tests' only double: the demo model's handler (lib/demo-model) served over real HTTP with
 * its control API on, so a test scripts each model turn and reads the request log.
 */
export type { DemoModel } from "@/lib/demo-model";
export { startMockLlmServer, type MockLlmServer } from "./server";
export { mockClient, scriptMarker, type MockClient } from "./client";
export { modelScriptKey } from "@/lib/demo-model/scripts";
export type { Turn } from "@/lib/demo-model/turns";
export type { LoggedRequest } from "@/lib/demo-model/request-log";
