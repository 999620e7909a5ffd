import { z } from "zod";

/**
 * The parts of OpenAI request bodies the mock reads. Loose objects: clients send many
 * more fields (temperature, seed, prompt_cache_key...) and a real provider accepts them.
 */

const contentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

const messageToolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string().optional() }),
});

const chatMessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z.array(messageToolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});

const chatToolSchema = z.looseObject({
  type: z.string(),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.unknown().optional(),
  }),
});

export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(chatMessageSchema).min(1),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  tools: z.array(chatToolSchema).nullable().optional(),
});

export const embeddingsRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1)]),
  encoding_format: z.enum(["float", "base64"]).optional(),
  dimensions: z.number().int().positive().max(8192).optional(),
});

export const rerankRequestSchema = z.looseObject({
  model: z.string().min(1),
  query: z.string(),
  documents: z.array(z.union([z.string(), z.looseObject({ text: z.string() })])).min(1),
  top_n: z.number().int().positive().optional(),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type EmbeddingsRequest = z.infer<typeof embeddingsRequestSchema>;

/** The text of a message: a string, or the text parts of an array (images are skipped). */
export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === "string") return content;
  if (!content) return "";
  return content.map((part) => part.text ?? "").join("");
}

export function toolNames(request: ChatRequest): string[] {
  return (request.tools ?? []).map((tool) => tool.function.name);
}

/** Human-readable summary of a zod failure for an OpenAI-style 400. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
    .join("; ");
}
