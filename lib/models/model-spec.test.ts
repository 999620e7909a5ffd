import { describe, expect, it } from "vitest";
import { parseModelSpec, resolveEnvModelName } from "./model-spec";

describe("parseModelSpec", () => {
  it("splits on the first colon only, keeping slashes and colons in the model id", () => {
    expect(parseModelSpec("openrouter:meta-llama/llama-3.1-70b")).toEqual({
      providerId: "openrouter",
      modelId: "meta-llama/llama-3.1-70b",
      spec: "openrouter:meta-llama/llama-3.1-70b",
    });
    expect(parseModelSpec("ollama:qwen2.5:7b")?.modelId).toBe("qwen2.5:7b");
  });

  it("refuses specs without a provider or a model", () => {
    expect(parseModelSpec("gpt-4o")).toBeNull();
    expect(parseModelSpec(":gpt-4o")).toBeNull();
    expect(parseModelSpec("openai:")).toBeNull();
  });
});

describe("resolveEnvModelName", () => {
  const known = new Set(["openai", "demo"]);
  it("treats a known provider prefix as a spec", () => {
    expect(resolveEnvModelName("demo:demo-fallback", known, "openai")).toBe("demo:demo-fallback");
  });
  it("treats anything else as a model id on the env provider", () => {
    expect(resolveEnvModelName("gpt-4o-mini", known, "openai")).toBe("openai:gpt-4o-mini");
    expect(resolveEnvModelName("qwen2.5:7b", known, "openai")).toBe("openai:qwen2.5:7b");
  });
});
