import { expect, type Locator, type Page } from "@playwright/test";
import { strToU8, zipSync, type Zippable } from "fflate";

/** Skill helpers for the e2e suite: zips built with fflate (good and malicious), and the skills page. */

export type SkillZipFile = { name: string; mimeType: string; buffer: Buffer };

const MiB = 1024 * 1024;

export function skillMarkdown({
  name,
  description,
  body = "Follow these steps.",
  extra = "",
}: {
  name: string;
  description: string;
  body?: string;
  extra?: string;
}): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\n${body}\n`;
}

function zipFile(name: string, entries: Zippable): SkillZipFile {
  return { name, mimeType: "application/zip", buffer: Buffer.from(zipSync(entries, { level: 9 })) };
}

/** A well-formed skill in one top-level folder named after its slug, with a helper script beside SKILL.md. */
export function skillZip(slug: string, markdown: string): SkillZipFile {
  return zipFile(`${slug}.zip`, {
    [slug]: {
      "SKILL.md": strToU8(markdown),
      scripts: { "helper.py": strToU8("def main():\n    print('hello from the skill')\n") },
    },
  });
}

/** Zips the upload must refuse (the first three try to escape or explode), each with the words the refusal must say. */
export function maliciousZips(): { label: string; file: SkillZipFile; message: RegExp }[] {
  const md = strToU8(skillMarkdown({ name: "Evil", description: "Tries to escape." }));
  return [
    {
      label: "traversal",
      file: zipFile("traversal.zip", { "SKILL.md": md, "../evil.md": strToU8("escaped") }),
      message: /outside the skill folder/,
    },
    {
      label: "symlink",
      // Unix host (os 3), file type 0o12 (symbolic link) in the high bits of the external attributes.
      file: zipFile("symlink.zip", {
        "SKILL.md": md,
        passwd: [strToU8("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
      }),
      message: /symbolic link/,
    },
    {
      label: "bomb",
      file: zipFile("bomb.zip", { "SKILL.md": md, "zeros.bin": new Uint8Array(8 * MiB) }),
      message: /zip bomb/,
    },
    {
      label: "no SKILL.md",
      file: zipFile("readme-only.zip", { "README.md": strToU8("# Not a skill") }),
      message: /SKILL\.md/,
    },
  ];
}

export function skillCard(page: Page, slug: string, scope: "shared" | "personal"): Locator {
  return page.locator(`[data-testid="skill-card"][data-slug="${slug}"][data-scope="${scope}"]`);
}

/** Picks `file` in the page's upload input (the same path a click on the zone opens). */
export async function uploadSkill(page: Page, file: SkillZipFile): Promise<void> {
  await page.getByTestId("skill-upload-input").setInputFiles(file);
}

/** Replaces the whole text of the open CodeMirror editor, as typing would. */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  const content = page.getByTestId("skill-editor").locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
  await expect(content).toContainText(text.split("\n")[0]);
}
