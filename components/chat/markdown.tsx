"use client";

import { cn } from "@/components/ui/cn";
import { memo, type ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { LinkContent, MarkdownImage } from "./markdown-image";
import { markdownUrlTransform } from "./markdown-urls";

const components: Components = {
  pre: CodeBlock,
  a: ({ node: _node, children, ...props }: ComponentProps<"a"> & { node?: unknown }) => (
    <a {...props} target="_blank" rel="noopener noreferrer">
      <LinkContent>{children}</LinkContent>
    </a>
  ),
  img: MarkdownImage,
  table: ({ node: _node, ...props }: ComponentProps<"table"> & { node?: unknown }) => (
    <div className="my-3 overflow-x-auto">
      <table {...props} />
    </div>
  ),
};

const remarkPlugins = [remarkGfm];
const rehypePlugins = [[rehypeHighlight, { detect: false }]] as ComponentProps<typeof ReactMarkdown>["rehypePlugins"];

/**
 * Assistant markdown (and the file panel's markdown preview). Links open in a new tab;
 * external images are never fetched (see MarkdownImage). Memoised on the text, so while one
 * part streams the other parts of the message do not re-render (no flicker in finished code blocks).
 */
export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn("markdown", className)}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        urlTransform={markdownUrlTransform}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
