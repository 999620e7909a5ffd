"use client";

import { ChevronRight, ChevronsDownUp, ChevronsUpDown, FileText, Network } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { KbMindmapNode } from "./api";
import { kbDocumentHref } from "./kb-links";
import {
  allExpanded,
  flatten,
  initiallyExpanded,
  outlineOf,
  ROOT_ONLY,
  shownKey,
  treeKeyMove,
  type OutlineItem,
} from "./mindmap-outline";

// A guide down the left of each group and a tick to each topic; the last tick ends the guide.
const CONNECTOR =
  "relative pl-3 before:absolute before:top-0 before:left-0 before:h-full before:border-l before:border-muted-foreground/30 last:before:h-3.5 after:absolute after:top-3.5 after:left-0 after:w-2.5 after:border-t after:border-muted-foreground/30";

/**
 * The mind map as a tree view: the knowledge base at the top, topics with children opened and
 * closed by their chevron, arrow keys to move between topics (one tab stop), and topics that
 * stand for a place in a document linking to the viewer there.
 */
export function MindmapTree({
  kbId,
  kbName,
  tree,
  documents,
  meta,
  actions,
}: {
  kbId: string;
  kbName: string;
  tree: KbMindmapNode;
  documents: Record<string, string>;
  meta: ReactNode;
  actions?: ReactNode;
}) {
  const t = useTranslations("kbs.mindmap");
  const router = useRouter();
  const baseId = useId();
  const root = useMemo(() => outlineOf(tree), [tree]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => initiallyExpanded(root));
  const [active, setActive] = useState("0");
  const visible = useMemo(() => flatten(root, expanded), [root, expanded]);
  const focusKey = shownKey(visible, active);
  const domId = (key: string) => `${baseId}-${key}`;

  function hrefOf({ docId, line }: KbMindmapNode): string | null {
    return docId ? kbDocumentHref(kbId, docId, line ? { line } : undefined) : null;
  }

  function toggle(key: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  function focusTopic(key: string) {
    setActive(key);
    document.getElementById(domId(key))?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" && (event.target as HTMLElement).getAttribute("role") === "treeitem") {
      const item = visible.find((topic) => topic.key === focusKey);
      const href = item && hrefOf(item.node);
      if (href) router.push(href);
      else if (item?.children.length) toggle(item.key);
      event.preventDefault();
      return;
    }
    const move = treeKeyMove(visible, expanded, focusKey, event.key);
    if (!move) return;
    event.preventDefault();
    if ("focus" in move) focusTopic(move.focus);
    else toggle("expand" in move ? move.expand : move.collapse);
  }

  function renderTopic(item: OutlineItem): ReactNode {
    const { node, key, level } = item;
    const open = item.children.length > 0 && expanded.has(key);
    const href = hrefOf(node);
    const docName = node.docId ? (documents[node.docId] ?? "") : "";
    const file = item.namesDocument ? docName : "";
    const groupId = `${domId(key)}-group`;
    return (
      <li
        key={key}
        id={domId(key)}
        role="treeitem"
        aria-level={level}
        aria-expanded={item.children.length > 0 ? open : undefined}
        // Selection follows focus: the current topic is the selected one.
        aria-selected={key === focusKey}
        aria-label={file ? `${node.title}, ${file}` : node.title}
        tabIndex={key === focusKey ? 0 : -1}
        onFocus={(event) => event.target === event.currentTarget && setActive(key)}
        className={cn(
          "outline-none [&:focus-visible>div]:bg-muted [&:focus-visible>div]:ring-2 [&:focus-visible>div]:ring-ring/50",
          level > 1 && CONNECTOR,
        )}
        data-testid="kb-mindmap-node"
        data-level={level}
      >
        <div className={cn("flex gap-1 rounded-lg py-0.5 pr-2", level === 1 ? "items-center" : "items-start")}>
          {item.children.length > 0 ? (
            <button
              type="button"
              tabIndex={-1}
              aria-expanded={open}
              aria-controls={open ? groupId : undefined}
              aria-label={t("toggle", { title: node.title })}
              onClick={() => {
                toggle(key);
                focusTopic(key);
              }}
              className="flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
              data-testid="kb-mindmap-toggle"
            >
              <ChevronRight className={cn("size-4 transition-transform", open && "rotate-90")} aria-hidden />
            </button>
          ) : (
            <span className="flex size-6 shrink-0 items-center justify-center" aria-hidden>
              <span className="size-1.5 rounded-full bg-muted-foreground/40" />
            </span>
          )}
          <div
            className={cn(
              "min-w-0 flex-1 break-words",
              level === 1
                ? "inline-flex max-w-fit items-center gap-2 rounded-lg bg-brand-soft px-2.5 py-1 text-[15px] font-semibold text-brand"
                : "py-0.5 text-sm leading-5",
              level === 2 && "font-medium",
            )}
          >
            {level === 1 && <Network className="size-4 shrink-0" aria-hidden />}
            {href ? (
              <Link
                href={href}
                prefetch={false}
                tabIndex={-1}
                title={
                  node.line ? t("openAt", { file: docName, line: node.line }) : t("openDocument", { file: docName })
                }
                className="underline-offset-2 hover:text-brand hover:underline"
                data-testid="kb-mindmap-link"
              >
                {node.title}
              </Link>
            ) : (
              <span>{node.title}</span>
            )}
            {file && (
              <span className="ml-2 inline-flex items-baseline gap-1 text-xs font-normal text-muted-foreground">
                <FileText className="size-3 shrink-0 self-center" aria-hidden />
                <span className="break-all">{file}</span>
              </span>
            )}
          </div>
        </div>
        {open && (
          <ul role="group" id={groupId} className="ml-3">
            {item.children.map(renderTopic)}
          </ul>
        )}
      </li>
    );
  }

  return (
    <section className="rounded-2xl border border-border bg-card" data-testid="kb-mindmap-tree">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-border px-3 py-2 sm:px-4">
        <div className="min-w-0 text-xs text-muted-foreground">{meta}</div>
        <div className="flex flex-wrap items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => setExpanded(allExpanded(root))}
            data-testid="kb-mindmap-expand-all"
          >
            <ChevronsUpDown className="size-3.5" aria-hidden />
            {t("expandAll")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => setExpanded(ROOT_ONLY)}
            data-testid="kb-mindmap-collapse-all"
          >
            <ChevronsDownUp className="size-3.5" aria-hidden />
            {t("collapseAll")}
          </Button>
          {actions}
        </div>
      </div>
      <ul role="tree" aria-label={t("treeLabel", { name: kbName })} onKeyDown={onKeyDown} className="p-2 sm:p-4">
        {renderTopic(root)}
      </ul>
    </section>
  );
}
