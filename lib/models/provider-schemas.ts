import { z } from "zod";
import { ALLOWED_REQUEST_OVERRIDES, DEFAULT_CONTEXT_WINDOW, DEMO_PROVIDER_ID } from "./model-constants";

/**
 * What an admin may write about a provider: the one source of the rules, used by routes, data
 * access and (client-safe imports only) the provider form.
 */

export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,40}$/;
export const MIN_CONTEXT_WINDOW = 1_000;
export const MAX_CONTEXT_WINDOW = 10_000_000;
const MAX_MODELS = 2_000;
const MAX_OVERRIDE_JSON = 2_000;

export const providerIdSchema = z
  .string()
  .regex(PROVIDER_ID_PATTERN, "Use 2-41 lowercase letters, digits or hyphens, starting with a letter or digit")
  .refine((id) => id !== DEMO_PROVIDER_ID, {
    message: `"${DEMO_PROVIDER_ID}" is reserved for the built-in offline model`,
    params: { i18n: "providerIdReserved" },
  });

const baseUrlSchema = z
  .url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })
  .max(500)
  .refine((url) => !URL.canParse(url) || !(new URL(url).username || new URL(url).password), {
    message: "Put the key in the API key field, not in the URL",
    params: { i18n: "urlCredentials" },
  })
  .transform((url) => url.replace(/\/+$/, ""));

const apiKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(4_096)
  .refine((key) => /^\S+$/.test(key), {
    message: "An API key has no spaces or line breaks",
    params: { i18n: "apiKeySpaces" },
  });

const providerModelSchema = z.strictObject({
  // Ids may contain `/` and `:` (openrouter `meta-llama/llama-3`, ollama `qwen2.5:7b`).
  id: z.string().trim().min(1).max(200).regex(/^\S+$/, "A model id has no spaces"),
  type: z.enum(["chat", "embedding", "rerank"]),
  contextWindow: z.number().int().min(MIN_CONTEXT_WINDOW).max(MAX_CONTEXT_WINDOW).default(DEFAULT_CONTEXT_WINDOW),
  enabled: z.boolean(),
});

export const providerModelsSchema = z
  .array(providerModelSchema)
  .max(MAX_MODELS)
  .superRefine((models, ctx) => {
    const seen = new Set<string>();
    models.forEach((model, index) => {
      if (seen.has(model.id))
        ctx.addIssue({ code: "custom", path: [index, "id"], message: `Model "${model.id}" is listed twice` });
      seen.add(model.id);
    });
  });

type AllowedOverride = (typeof ALLOWED_REQUEST_OVERRIDES)[number];
const ALLOWED = new Set<string>(ALLOWED_REQUEST_OVERRIDES);

/** Value shapes the providers document for each switch; an unknown-to-us shape would fail at chat time. */
const OVERRIDE_VALUES: Record<AllowedOverride, z.ZodType> = {
  reasoning_effort: z.string().min(1).max(20),
  enable_thinking: z.boolean(),
  thinking: z.union([z.boolean(), z.record(z.string(), z.json())]),
  thinking_budget: z.number().int().min(0).max(1_000_000),
  reasoning: z.record(z.string(), z.json()),
};

export const requestOverridesSchema = z.record(z.string(), z.json()).superRefine((overrides, ctx) => {
  for (const [key, value] of Object.entries(overrides)) {
    if (!ALLOWED.has(key)) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `"${key}" is not an allowed request override (allowed: ${ALLOWED_REQUEST_OVERRIDES.join(", ")})`,
      });
      continue;
    }
    const shape = OVERRIDE_VALUES[key as AllowedOverride].safeParse(value);
    if (!shape.success) ctx.addIssue({ code: "custom", path: [key], message: `"${key}" has the wrong kind of value` });
    else if (JSON.stringify(value).length > MAX_OVERRIDE_JSON)
      ctx.addIssue({ code: "custom", path: [key], message: `"${key}" is too large` });
  }
});

export const createProviderSchema = z.strictObject({
  id: providerIdSchema,
  name: z.string().trim().min(1).max(100),
  baseUrl: baseUrlSchema,
  apiKey: apiKeySchema.nullable().optional(),
  models: providerModelsSchema.default([]),
  requestOverrides: requestOverridesSchema.default({}),
  enabled: z.boolean().default(true),
});

/** PATCH: absent fields stay; `apiKey: null` removes the stored key, a string replaces it. */
export const updateProviderSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  baseUrl: baseUrlSchema.optional(),
  apiKey: apiKeySchema.nullable().optional(),
  models: providerModelsSchema.optional(),
  requestOverrides: requestOverridesSchema.optional(),
  enabled: z.boolean().optional(),
});

export type CreateProviderInput = z.input<typeof createProviderSchema>;
export type UpdateProviderInput = z.input<typeof updateProviderSchema>;
