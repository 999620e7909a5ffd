import { html } from "@codemirror/lang-html";
import { javascript } from "@codemirror/lang-javascript";
import { markdown } from "@codemirror/lang-markdown";
import { python } from "@codemirror/lang-python";
import type { Extension } from "@uiw/react-codemirror";
import { extensionOf, previewKindOf } from "@/components/files/file-kind";

export type EditorLanguage = "markdown" | "javascript" | "typescript" | "python" | "html" | "text";

const BY_EXTENSION: Record<string, EditorLanguage> = {
  md: "markdown",
  markdown: "markdown",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  json: "javascript",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  py: "python",
  html: "html",
  htm: "html",
  svg: "html",
  xml: "html",
};

/** The editor mode of a skill file, from its name; anything else is edited as plain text. */
export function editorLanguageOf(path: string): EditorLanguage {
  return BY_EXTENSION[extensionOf(path)] ?? "text";
}

/** Images, PDFs and archives are downloaded with the zip, not edited as text. */
export function isEditableText(path: string): boolean {
  const kind = previewKindOf(path).kind;
  return (
    kind !== "image" &&
    kind !== "pdf" &&
    !/\.(zip|gz|tgz|tar|7z|rar|woff2?|ttf|otf|mp3|mp4|wav|webm|xlsx?|docx?|pptx?)$/i.test(path)
  );
}

type MarkdownExtension = NonNullable<NonNullable<Parameters<typeof markdown>[0]>["extensions"]>;
const FENCE = /^---[ \t]*$/;

/**
 * SKILL.md opens with YAML front matter between `---` lines. Plain Markdown reads those lines
 * as a setext heading; this block parser keeps them one plain block instead.
 */
const frontMatter: MarkdownExtension = {
  defineNodes: [{ name: "FrontMatter", block: true }],
  parseBlock: [
    {
      name: "FrontMatter",
      before: "LinkReference",
      parse(cx, line) {
        if (cx.lineStart !== 0 || !FENCE.test(line.text)) return false;
        while (cx.nextLine()) {
          if (FENCE.test(line.text)) {
            cx.nextLine();
            break;
          }
        }
        cx.addElement(cx.elt("FrontMatter", 0, cx.prevLineEnd()));
        return true;
      },
    },
  ],
};

export function languageExtension(language: EditorLanguage): Extension[] {
  switch (language) {
    case "markdown":
      return [markdown({ extensions: frontMatter })];
    case "javascript":
      return [javascript({ jsx: true })];
    case "typescript":
      return [javascript({ jsx: true, typescript: true })];
    case "python":
      return [python()];
    case "html":
      return [html()];
    default:
      return [];
  }
}
