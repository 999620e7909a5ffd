import { describe, expect, it } from "vitest";
import { editorLanguageOf, isEditableText, languageExtension } from "./editor-language";

describe("skill file editor modes", () => {
  it("picks the language from the extension, case-insensitively", () => {
    expect(editorLanguageOf("SKILL.md")).toBe("markdown");
    expect(editorLanguageOf("scripts/build.MJS")).toBe("javascript");
    expect(editorLanguageOf("lib/x.tsx")).toBe("typescript");
    expect(editorLanguageOf("tools/fetch.py")).toBe("python");
    expect(editorLanguageOf("templates/page.html")).toBe("html");
  });

  it("edits unknown names as plain text with no language extension", () => {
    expect(editorLanguageOf("LICENSE")).toBe("text");
    expect(editorLanguageOf("notes.csv")).toBe("text");
    expect(languageExtension("text")).toEqual([]);
    expect(languageExtension("python")).toHaveLength(1);
  });

  it("keeps binary files out of the text editor", () => {
    expect(isEditableText("SKILL.md")).toBe(true);
    expect(isEditableText("data/table.csv")).toBe(true);
    expect(isEditableText("assets/logo.png")).toBe(false);
    expect(isEditableText("docs/manual.pdf")).toBe(false);
    expect(isEditableText("vendor/lib.zip")).toBe(false);
  });

  it("reads SKILL.md front matter as one block, not as a Markdown heading", () => {
    const [support] = languageExtension("markdown") as unknown as {
      language: { parser: { parse(text: string): { toString(): string } } };
    }[];
    const tree = support.language.parser
      .parse("---\nname: Notes\ndescription: Keeps notes.\n---\n\n# Notes\n\n---\n")
      .toString();
    expect(tree).toMatch(/^Document\(FrontMatter,ATXHeading1/);
    expect(tree).not.toContain("SetextHeading");
    // A rule later in the document stays a rule.
    expect(tree).toContain("HorizontalRule");
  });
});
