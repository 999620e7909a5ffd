"use client";

import type { Element, ElementContent } from "hast";
import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { CopyButton } from "./copy-button";

function textOf(node: ElementContent | Element): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function languageOf(node: Element | undefined): string | null {
  const code = node?.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const language = list.find((name) => name.startsWith("language-"));
  return language ? language.slice("language-".length) : null;
}

/** Fenced code: a header with the language and a copy button above the highlighted code. */
export function CodeBlock({ node, children, ...props }: ComponentProps<"pre"> & { node?: Element }) {
  const t = useTranslations("chat");
  const language = languageOf(node);
  const text = node ? textOf(node).replace(/\n$/, "") : "";

  return (
    <div
      className="group/code not-prose my-3 overflow-hidden rounded-xl border border-border bg-code"
      data-testid="code-block"
    >
      <div className="flex h-9 items-center justify-between border-b border-border pr-1.5 pl-3.5 text-xs text-muted-foreground">
        <span className="font-mono lowercase">{language ?? t("code")}</span>
        <CopyButton text={text} testId="code-copy" />
      </div>
      <pre {...props} className="overflow-x-auto p-3.5 font-mono text-[13px] leading-relaxed">
        {children}
      </pre>
    </div>
  );
}
