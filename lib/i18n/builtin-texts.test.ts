import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import { parseSkillMarkdown } from "@/lib/skills/front-matter";
import { BUILTIN_SKILL_SLUGS, SEED_AGENT_TEXTS } from "./builtin-texts";

/** The English catalog says what ships, word for word, so a translation never stands in for edited text. */
describe("built-in texts", () => {
  it("the English catalog repeats the seeded agents' name and description", () => {
    expect(en.builtin.agents).toEqual(SEED_AGENT_TEXTS);
  });

  it("the English catalog repeats each built-in skill's SKILL.md name and description, and every one is there", () => {
    const shipped = fs.readdirSync(path.join(process.cwd(), "lib/skills/builtin")).sort();
    expect([...BUILTIN_SKILL_SLUGS].sort()).toEqual(shipped);
    for (const slug of BUILTIN_SKILL_SLUGS) {
      const parsed = parseSkillMarkdown(
        fs.readFileSync(path.join(process.cwd(), "lib/skills/builtin", slug, "SKILL.md"), "utf8"),
      );
      if (!parsed.ok) throw new Error(`${slug}: ${JSON.stringify(parsed)}`);
      expect(en.builtin.skills[slug]).toEqual({ name: parsed.meta.name, description: parsed.meta.description });
    }
  });

  it("Chinese has its own words for each of them", () => {
    for (const [id, text] of Object.entries(zh.builtin.agents)) {
      expect(text.name).not.toBe(en.builtin.agents[id as keyof typeof en.builtin.agents].name);
    }
    for (const slug of BUILTIN_SKILL_SLUGS) expect(zh.builtin.skills[slug].description).toMatch(/[\u4e00-\u9fff]/);
  });
});
