import { describe, expect, it } from "vitest";
import { PromptTokenizer, promptLength, promptParts } from "./prompt-tokens";
import type { ChatRequest } from "./request-schema";
import { tokenize } from "./usage";

const system = `[[mock:memo]] ${"你是一个严谨的研究助手，回答要引用来源并保持简洁。".repeat(20)} Cite every source.`;
const tools = ["get_weather", "get_time"].map((name) => ({
  type: "function",
  function: { name, description: `The ${name} tool`, parameters: { type: "object", properties: {} } },
}));
const request = (user: string): ChatRequest => ({
  model: "demo-chat",
  tools,
  messages: [
    { role: "system", content: system },
    { role: "user", content: "Weather in Lyon?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Lyon"}' } }],
    },
    { role: "tool", tool_call_id: "c1", content: "Sunny" },
    { role: "user", content: [{ type: "text", text: user }] },
  ],
});

/** A tokenizer whose encoder counts the texts it is asked to encode. */
function countingTokenizer(budgetChars?: number) {
  const encoded: string[] = [];
  const tokenizer = new PromptTokenizer(budgetChars, (text) => {
    encoded.push(text);
    return tokenize(text);
  });
  return { tokenizer, encoded };
}

describe("promptParts", () => {
  it("lays out tools first, then each message with its role, tool call id and calls", () => {
    const parts = promptParts(request("And tomorrow?"));
    expect(parts).toHaveLength(7);
    expect(parts[0]).toBe(`[tool]\n${JSON.stringify(tools[0].function)}\n`);
    expect(parts.slice(3)).toEqual([
      "[user]\nWeather in Lyon?\n",
      '[assistant]\n\nget_weather({"city":"Lyon"})\n',
      "[tool c1]\nSunny\n",
      "[user]\nAnd tomorrow?\n",
    ]);
  });
});

describe("PromptTokenizer", () => {
  it("gives a remembered prompt the same tokens as a cold one, close to encoding the whole text", () => {
    const warm = new PromptTokenizer();
    warm.tokens(request("And tomorrow?"));
    const remembered = warm.tokens(request("And tomorrow?"));
    const cold = new PromptTokenizer().tokens(request("And tomorrow?"));
    expect(remembered).toEqual(cold);
    expect(cold).toEqual(promptParts(request("And tomorrow?")).map(tokenize));
    // The count is the parts' sum; merges across a part boundary could differ, here none do.
    const whole = tokenize(promptParts(request("And tomorrow?")).join("")).length;
    expect(Math.abs(promptLength(remembered) - whole)).toBeLessThanOrEqual(cold.length);
    expect(promptLength(remembered)).toBeGreaterThan(system.length / 2);
  });

  it("encodes only the parts it has not seen, and hands out the same array for a seen one", () => {
    const { tokenizer, encoded } = countingTokenizer();
    const first = tokenizer.tokens(request("And tomorrow?"));
    expect(encoded).toHaveLength(7);
    encoded.length = 0;
    const second = tokenizer.tokens(request("And the day after?"));
    expect(encoded).toEqual(["[user]\nAnd the day after?\n"]);
    expect(second.slice(0, 6).every((part, i) => part === first[i])).toBe(true);
  });

  it("keeps within its budget of characters, least recently used out first", () => {
    const { tokenizer, encoded } = countingTokenizer(180);
    const [a, b, c, d, e] = [..."abcde"].map((letter) => `${letter.repeat(20)} ${letter.repeat(20)}`);
    for (const text of [a, b, c, d, a, e]) tokenizer.part(text);
    expect(tokenizer.size).toEqual({ entries: 4, chars: 164 });
    encoded.length = 0;
    tokenizer.part(a);
    tokenizer.part(b);
    expect(encoded).toEqual([b]);
    // A part over a quarter of the budget is encoded each time rather than flushing the rest.
    const huge = "x ".repeat(30);
    tokenizer.part(huge);
    tokenizer.part(huge);
    expect(encoded.filter((text) => text === huge)).toHaveLength(2);
    expect(tokenizer.size.chars).toBeLessThanOrEqual(180);
  });
});
