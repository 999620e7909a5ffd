import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { parseSkillMarkdown } from "@/lib/skills/front-matter";
import { skillSkeleton } from "./skill-skeleton";

function frontMatter(text: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error("no front matter");
  return parse(match[1]);
}

describe("skillSkeleton", () => {
  it("writes front matter with the name, slug, description and empty dependency lists", () => {
    const text = skillSkeleton({
      name: " Research report ",
      slug: "research-report",
      description: "Writes a sourced report.",
    });
    expect(frontMatter(text)).toEqual({
      name: "Research report",
      slug: "research-report",
      description: "Writes a sourced report.",
      tool_dependencies: [],
      mcp_dependencies: [],
      skill_dependencies: [],
    });
    expect(text).toContain("\n# Research report\n");
  });

  it("is accepted by the server's SKILL.md parser", () => {
    const parsed = parseSkillMarkdown(
      skillSkeleton({ name: "Weekly: report", slug: "weekly-report", description: "Summarises the week." }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      meta: { name: "Weekly: report", slug: "weekly-report", description: "Summarises the week." },
    });
  });

  it("keeps YAML-significant characters in the name and description intact", () => {
    const tricky = {
      name: 'Notes: #1 "draft"',
      slug: "notes-1",
      description: "- starts like a list: yes\nsecond line",
    };
    expect(frontMatter(skillSkeleton(tricky))).toMatchObject({ name: tricky.name, description: tricky.description });
  });
});
