import { describe, expect, it } from "vitest";
import { isImageInputRefusal } from "./vision";
import { classifyModelError } from "./model-errors";

function providerError(status: number, message: string) {
  return Object.assign(new Error(`${status} ${message}`), { status, headers: {} });
}

describe("isImageInputRefusal", () => {
  it.each([
    [400, "Invalid content: image_url is not supported by this model"],
    [400, "Failed to deserialize the JSON body: messages[3]: unknown variant `image_url`, expected `text`"],
    [400, "The model does not support multimodal input"],
    [422, "This model has no vision capability"],
  ])("recognises a %i: %s, which the retry policy does not retry", (status, message) => {
    const err = providerError(status, message);
    expect(isImageInputRefusal(err)).toBe(true);
    expect(classifyModelError(err).retryable).toBe(false);
  });

  it.each([
    [400, "Invalid value for temperature"],
    [401, "Incorrect API key for image models"],
    [429, "Rate limit reached for vision requests"],
    [500, "image service crashed"],
    [400, "This model's maximum context length is 8192 tokens (images included)"],
    [400, "Invalid image: the data is not a valid image"],
    [400, "Could not decode image content"],
    [400, "Image too large: exceeds 20 MB"],
    [400, "Unsupported image format: image/bmp"],
  ])("does not take a %i %s for a refusal", (status, message) => {
    expect(isImageInputRefusal(providerError(status, message))).toBe(false);
  });

  it("ignores errors without a status", () => {
    expect(isImageInputRefusal(new Error("image_url is not supported"))).toBe(false);
  });
});
