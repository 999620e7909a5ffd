/** Base URLs of common OpenAI-compatible providers, to fill the form with one click. */
export type ProviderPreset = { key: string; id: string; name: string; baseUrl: string; keyRequired: boolean };

export const PROVIDER_PRESETS: ProviderPreset[] = [
  { key: "openai", id: "openai", name: "OpenAI", baseUrl: "https://api.openai.com/v1", keyRequired: true },
  { key: "deepseek", id: "deepseek", name: "DeepSeek", baseUrl: "https://api.deepseek.com/v1", keyRequired: true },
  {
    key: "dashscope",
    id: "dashscope",
    name: "Qwen (DashScope)",
    baseUrl: "https://dashscope.aliyuncs.com/compatible-mode/v1",
    keyRequired: true,
  },
  // Id `siliconflow` is on the token-usage blacklist (its usage figures are unreliable).
  {
    key: "siliconflow",
    id: "siliconflow",
    name: "SiliconFlow",
    baseUrl: "https://api.siliconflow.cn/v1",
    keyRequired: true,
  },
  {
    key: "moonshot",
    id: "moonshot",
    name: "Moonshot (Kimi)",
    baseUrl: "https://api.moonshot.cn/v1",
    keyRequired: true,
  },
  {
    key: "openrouter",
    id: "openrouter",
    name: "OpenRouter",
    baseUrl: "https://openrouter.ai/api/v1",
    keyRequired: true,
  },
  { key: "ollama", id: "ollama", name: "Ollama", baseUrl: "http://127.0.0.1:11434/v1", keyRequired: false },
  { key: "vllm", id: "vllm", name: "vLLM", baseUrl: "http://127.0.0.1:8000/v1", keyRequired: false },
];

/** A provider id derived from a name: what the id field suggests until the admin edits it. */
export function slugifyProviderId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 41);
}
