/**
 * A model spec is `provider_id:model_id`. Only the first colon separates: model ids may
 * themselves contain `/` or `:` (`openrouter:meta-llama/llama-3`, `ollama:qwen2.5:7b`).
 */
export type ModelSpec = { providerId: string; modelId: string; spec: string };

export function parseModelSpec(spec: string): ModelSpec | null {
  const i = spec.indexOf(":");
  if (i <= 0 || i === spec.length - 1) return null;
  const providerId = spec.slice(0, i).trim();
  const modelId = spec.slice(i + 1).trim();
  if (!providerId || !modelId) return null;
  return { providerId, modelId, spec: `${providerId}:${modelId}` };
}

export function formatModelSpec(providerId: string, modelId: string): string {
  return `${providerId}:${modelId}`;
}

/**
 * Env model names (LLM_MODEL, LLM_FALLBACK_*) may be bare model ids on the env provider or
 * full specs: a prefix counts as a provider only when such a provider exists.
 */
export function resolveEnvModelName(
  name: string,
  knownProviders: ReadonlySet<string>,
  defaultProvider: string,
): string {
  const parsed = parseModelSpec(name);
  if (parsed && knownProviders.has(parsed.providerId)) return parsed.spec;
  return formatModelSpec(defaultProvider, name.trim());
}
