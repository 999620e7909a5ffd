/**
 * The offline demo model: an OpenAI-compatible server (chat completions, embeddings, rerank)
 * whose demo brain answers without any model weights. The app mounts it as the built-in `demo`
 * provider (app/api/demo-model); tests drive the same handler with scripts through
 * lib/testing/scripted-model.
 */
export { createDemoModel, type DemoModel } from "./handler";
