import { errorResponse } from "./faults";
import type { ChatRequest } from "./request-schema";

const IMAGE_PART_TYPES = new Set(["image_url", "image", "input_image"]);

/** The message providers without vision send (OpenAI-compatible gateways word it like this). */
export const IMAGE_REFUSAL_MESSAGE = "Invalid content: image_url is not supported by this model";

export function hasImageInput(request: ChatRequest): boolean {
  return request.messages.some(
    (message) => Array.isArray(message.content) && message.content.some((part) => IMAGE_PART_TYPES.has(part.type)),
  );
}

/** A text-only model's 400 for image input; no turn is used, as the provider generated nothing. */
export function imageRefusalResponse(): Response {
  return errorResponse(400, { message: IMAGE_REFUSAL_MESSAGE, code: "invalid_content" });
}
