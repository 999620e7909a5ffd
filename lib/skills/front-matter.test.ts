import { describe, expect, it } from "vitest";
import { describeRefusal, parseSkillMarkdown } from "./front-matter";

const md = (...lines: string[]) => lines.join("\n");

describe("parseSkillMarkdown", () => {
  it("reads name, description, slug and dependency lists, and keeps the body", () => {
    const parsed = parseSkillMarkdown(
      md(
        "---",
        "name: Weekly report",
        "slug: weekly-report",
        "description: Writes the weekly status report.",
        "tool_dependencies: [query_kb, list_kbs]",
        "mcp_dependencies:",
        "  - github",
        "skill_dependencies: [research-report]",
        "license: MIT",
        "---",
        "# Weekly report",
        "Steps...",
      ),
    );
    expect(parsed).toEqual({
      ok: true,
      meta: {
        name: "Weekly report",
        slug: "weekly-report",
        description: "Writes the weekly status report.",
        tool_dependencies: ["query_kb", "list_kbs"],
        mcp_dependencies: ["github"],
        skill_dependencies: ["research-report"],
      },
      body: "# Weekly report\nSteps...",
    });
  });

  it("defaults missing or empty dependency lists to [] and leaves slug out when absent", () => {
    const parsed = parseSkillMarkdown(
      md("---", "name: A", "description: B", "tool_dependencies:", "mcp_dependencies: []", "---", ""),
    );
    expect(parsed).toEqual({
      ok: true,
      meta: { name: "A", description: "B", tool_dependencies: [], mcp_dependencies: [], skill_dependencies: [] },
      body: "",
    });
  });

  it("accepts a byte-order mark, CRLF line endings, multi-line descriptions and duplicate list entries once", () => {
    const parsed = parseSkillMarkdown(
      "\uFEFF---\r\nname: Ünïcode 名字\r\ndescription: >\r\n  Folded\r\n  text\r\ntool_dependencies: [a, a, b]\r\n---\r\nBody\r\n",
    );
    expect(parsed).toMatchObject({
      ok: true,
      meta: { name: "Ünïcode 名字", description: "Folded text", tool_dependencies: ["a", "b"] },
      body: "Body\r\n",
    });
  });

  it("allows a 128-character name", () => {
    expect(parseSkillMarkdown(md("---", `name: ${"x".repeat(128)}`, "description: d", "---")).ok).toBe(true);
  });

  const refusals: [string, string, number, RegExp][] = [
    ["no front matter", md("# Just a title", "name: x"), 1, /must start with a front matter block/],
    ["empty file", "", 1, /must start with a front matter block/],
    ["front matter not at the top", md("", "---", "name: a", "description: b", "---"), 1, /must start/],
    ["never closed", md("---", "name: a", "description: b", "body"), 4, /never closed/],
    ["empty front matter", md("---", "---", "body"), 1, /empty/],
    ["front matter is a list", md("---", "- name", "- description", "---"), 2, /key: value/],
    ["front matter is a plain string", md("---", "just text", "---"), 2, /key: value/],
    ["missing name", md("---", "description: d", "---"), 1, /`name` is required/],
    ["blank name", md("---", "name: '  '", "description: d", "---"), 2, /`name` is required/],
    ["null name", md("---", "description: d", "name:", "---"), 3, /`name` is required/],
    ["numeric name", md("---", "description: d", "name: 2024", "---"), 3, /`name` must be text/],
    ["name is a list", md("---", "name: [a, b]", "description: d", "---"), 2, /`name` must be text/],
    ["name too long", md("---", "description: d", `name: ${"x".repeat(129)}`, "---"), 3, /longer than 128/],
    ["missing description", md("---", "name: n", "---"), 1, /`description` is required/],
    [
      "description is a mapping",
      md("---", "name: n", "description:", "  a: b", "---"),
      4,
      /`description` must be text/,
    ],
    ["description too long", md("---", "name: n", `description: ${"d".repeat(1025)}`, "---"), 3, /longer than 1024/],
    [
      "slug with capitals",
      md("---", "name: n", "description: d", "slug: Weekly", "---"),
      4,
      /`slug` "Weekly" is not valid/,
    ],
    ["slug with a double hyphen", md("---", "name: n", "description: d", "slug: a--b", "---"), 4, /not valid/],
    ["slug with a path", md("---", "name: n", "description: d", "slug: ../etc", "---"), 4, /not valid/],
    ["slug too long", md("---", "name: n", "description: d", `slug: ${"a".repeat(65)}`, "---"), 4, /at most 64/],
    ["numeric slug", md("---", "name: n", "description: d", "slug: 42", "---"), 4, /`slug` must be text/],
    [
      "dependencies as a string",
      md("---", "name: n", "description: d", "tool_dependencies: query_kb", "---"),
      4,
      /must be a list/,
    ],
    [
      "dependencies as a mapping",
      md("---", "name: n", "description: d", "mcp_dependencies:", "  a: b", "---"),
      5,
      /must be a list/,
    ],
    [
      "empty dependency entry",
      md("---", "name: n", "description: d", "tool_dependencies:", "  - a", "  - ''", "---"),
      6,
      /non-empty name/,
    ],
    [
      "null dependency entry",
      md("---", "name: n", "description: d", "tool_dependencies:", "  - a", "  -", "---"),
      6,
      /non-empty name/,
    ],
    [
      "numeric dependency entry",
      md("---", "name: n", "description: d", "mcp_dependencies: [1]", "---"),
      4,
      /non-empty name/,
    ],
    [
      "nested list dependency",
      md("---", "name: n", "description: d", "tool_dependencies: [[a]]", "---"),
      4,
      /non-empty name/,
    ],
    [
      "skill dependency not a slug",
      md("---", "name: n", "description: d", "skill_dependencies: [Other Skill]", "---"),
      4,
      /not a skill slug/,
    ],
    [
      "duplicate key",
      md("---", "name: n", "description: d", "name: again", "---"),
      4,
      /Invalid YAML: Map keys must be unique/,
    ],
    [
      "unclosed flow sequence",
      md("---", "name: n", "description: d", "tool_dependencies: [a, b", "---"),
      4,
      /Invalid YAML/,
    ],
    // YAML reports where the mapping that swallowed the indented line starts.
    ["bad indentation", md("---", "name: n", "description: d", "  slug: x", "---"), 3, /Invalid YAML/],
    ["tab indentation", md("---", "name: n", "description:", "\t- x", "---"), 4, /Invalid YAML/],
    ["unterminated quote", md("---", 'name: "open', "description: d", "---"), 3, /Invalid YAML/],
    ["two documents", md("---", "name: n", "description: d", "...", "name: m", "---"), 5, /Invalid YAML/],
  ];

  for (const [label, text, line, reason] of refusals) {
    it(`refuses ${label} at line ${line}`, () => {
      const parsed = parseSkillMarkdown(text);
      expect(parsed.ok, JSON.stringify(parsed)).toBe(false);
      if (parsed.ok) return;
      expect(parsed.reason).toMatch(reason);
      expect(parsed.line).toBe(line);
    });
  }

  it("describes a refusal with the line for a person", () => {
    const parsed = parseSkillMarkdown(md("---", "name: n", "---"));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(describeRefusal(parsed)).toBe(
        "SKILL.md line 1: `description` is required: add a line `description: <when to use this skill>`.",
      );
  });
});
