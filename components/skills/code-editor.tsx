"use client";

import { oneDark } from "@codemirror/theme-one-dark";
import CodeMirror, { Decoration, EditorView, Prec, type Extension } from "@uiw/react-codemirror";
import { useTheme } from "next-themes";
import { useMemo } from "react";
import { languageExtension, type EditorLanguage } from "./editor-language";

/** Fits the editor into the page: the app's background and font, no focus outline. Highest precedence so it wins over one-dark. */
const frame = Prec.highest(
  EditorView.theme({
    "&": { height: "100%", fontSize: "13px", backgroundColor: "transparent" },
    ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.6" },
    ".cm-gutters": { backgroundColor: "transparent", borderRight: "1px solid var(--border)" },
    ".cm-content": { paddingBlock: "10px" },
    "&.cm-focused": { outline: "none" },
    ".cm-error-line": { backgroundColor: "color-mix(in oklab, var(--danger) 14%, transparent)" },
    ".cm-error-line.cm-activeLine": { backgroundColor: "color-mix(in oklab, var(--danger) 20%, transparent)" },
  }),
);

/** Marks one line (1-based) of the document, e.g. where the front matter broke. */
function markedLine(line: number | null): Extension {
  if (!line) return [];
  return EditorView.decorations.compute(["doc"], (state) => {
    if (line < 1 || line > state.doc.lines) return Decoration.none;
    return Decoration.set([Decoration.line({ class: "cm-error-line" }).range(state.doc.line(line).from)]);
  });
}

/** CodeMirror with the file's language, the one-dark theme in dark mode, and an optional marked line. */
export default function CodeEditor({
  value,
  onChange,
  language,
  readOnly,
  errorLine,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  language: EditorLanguage;
  readOnly: boolean;
  errorLine: number | null;
  label: string;
}) {
  const { resolvedTheme } = useTheme();
  const extensions = useMemo(
    () => [
      frame,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": label }),
      ...languageExtension(language),
      markedLine(errorLine),
    ],
    [language, errorLine, label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={resolvedTheme === "dark" ? oneDark : "light"}
      readOnly={readOnly}
      editable={!readOnly}
      height="100%"
      className="h-full"
      basicSetup={{ foldGutter: false, highlightActiveLineGutter: !readOnly, highlightActiveLine: !readOnly }}
    />
  );
}
