/**
 * Plain facts about providers and models, free of server imports so forms can check against
 * them too (lib/models/provider-schemas.ts runs in the browser).
 */

/** The built-in offline provider's id (lib/models/demo.ts). */
export const DEMO_PROVIDER_ID = "demo";

/** What a model's context window is taken to be when its provider does not say. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

/** Request-body keys an admin may override per provider: reasoning/thinking switches only. */
export const ALLOWED_REQUEST_OVERRIDES = [
  "reasoning_effort",
  "enable_thinking",
  "thinking",
  "thinking_budget",
  "reasoning",
] as const;

/** Only the request fields an admin may override (ALLOWED_REQUEST_OVERRIDES); anything else is dropped. */
export function sanitizeRequestOverrides(overrides: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(overrides).filter(([k]) => (ALLOWED_REQUEST_OVERRIDES as readonly string[]).includes(k)),
  );
}
