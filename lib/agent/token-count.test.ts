import { describe, expect, it } from "vitest";
import { encode } from "gpt-tokenizer";
import { tool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { z } from "zod";
import { countTextTokens, countToolsTokens } from "./token-count";
import { TextMemo } from "./text-memo";

const prose = "The quick brown fox jumps over the lazy dog. 快速的棕色狐狸跳过了懒狗。 ".repeat(40);

describe("token counts", () => {
  it("counts a long text the same on the first and the remembered call", () => {
    const expected = encode(prose.slice(0, 2000)).length + encode(prose.slice(2000)).length;
    expect(countTextTokens(prose)).toBe(expected);
    expect(countTextTokens(String(prose))).toBe(expected);
  });

  it("counts a text of paragraphs as the sum of its paragraphs, within a token of each break", () => {
    const first = "Work in this conversation's directory: /home/gem/user-data/projects/a1.\n\n";
    const rest = `${prose}\n\nThe last paragraph of the prompt, long enough to be remembered on its own.`;
    const count = countTextTokens(first + rest);
    expect(count).toBe(countTextTokens(first) + countTextTokens(rest));
    expect(Math.abs(count - encode(first + rest).length)).toBeLessThanOrEqual(3);
    // Another conversation's prompt differs in its first paragraph only.
    const other = "Work in this conversation's directory: /home/gem/user-data/projects/b22.\n\n";
    expect(countTextTokens(other + rest)).toBe(countTextTokens(other) + countTextTokens(rest));
  });

  it("counts tool schemas as the JSON the model receives", () => {
    const lookup = tool(async () => "x", {
      name: "lookup",
      description: "Look something up",
      schema: z.object({ query: z.string().describe("What to look for") }),
    });
    const json = JSON.stringify([convertToOpenAITool(lookup)]);
    expect(countToolsTokens([lookup])).toBe(countTextTokens(json));
    expect(countToolsTokens([lookup, lookup])).toBeGreaterThan(countToolsTokens([lookup]));
    expect(countToolsTokens([])).toBe(0);
  });

  it("counts tools rebuilt around one schema by their own name and description", () => {
    const schema = z.object({ path: z.string().describe("Where") });
    const build = (name: string, description: string) => tool(async () => "x", { name, description, schema });
    const first = build("open", "Open a file");
    const expected = (t: ReturnType<typeof build>) => countTextTokens(JSON.stringify([convertToOpenAITool(t)]));
    expect(countToolsTokens([first])).toBe(expected(first));
    // A later run's tool: same schema object, converted JSON reused only for the same name and description.
    const again = build("open", "Open a file");
    const renamed = build("open_file_with_a_much_longer_name", "Open a file");
    const redescribed = build("open", "Open a file from the workspace, reading it page by page");
    expect(countToolsTokens([again])).toBe(expected(again));
    expect(countToolsTokens([renamed])).toBe(expected(renamed));
    expect(countToolsTokens([redescribed])).toBe(expected(redescribed));
    expect(countToolsTokens([redescribed])).toBeGreaterThan(countToolsTokens([again]));
  });

  it("remembers counts within its character budget and drops the least recently used", () => {
    let computed = 0;
    const cache = new TextMemo(300, (t) => {
      computed++;
      return t.length;
    });
    const a = "a".repeat(70);
    const b = "b".repeat(70);
    const c = "c".repeat(70);
    const d = "d".repeat(70);
    for (const t of [a, b, c, d]) cache.get(t);
    expect(computed).toBe(4);
    cache.get(a); // a is now the most recent
    expect(computed).toBe(4);
    cache.get("e".repeat(70)); // over budget: b, the least recently used, goes
    expect(cache.size.chars).toBeLessThanOrEqual(300);
    cache.get(b);
    expect(computed).toBe(6);
    cache.get(a);
    expect(computed).toBe(6);
  });

  it("never keeps a text larger than a quarter of its budget", () => {
    const cache = new TextMemo(400, (t) => t.length);
    expect(cache.get("x".repeat(101))).toBe(101);
    expect(cache.size.entries).toBe(0);
  });
});
