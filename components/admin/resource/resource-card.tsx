"use client";

import { cn } from "@/components/ui/cn";
import { ChevronRight, KeyRound } from "lucide-react";
import type { ReactNode } from "react";

type DataAttributes = { [key: `data-${string}`]: string };

/**
 * One resource of an admin screen: a summary that expands (name, badges, description, a line of
 * facts), the actions beside it, a test result under it, and the body when expanded.
 */
export function ResourceCard({
  resource,
  expanded,
  onToggleExpanded,
  badges,
  description,
  facts,
  actions,
  result,
  children,
  testIds,
  data,
}: {
  resource: { id: string; name: string; enabled: boolean };
  expanded: boolean;
  onToggleExpanded: () => void;
  badges?: ReactNode;
  description?: string | null;
  facts: ReactNode;
  actions?: ReactNode;
  result?: ReactNode;
  children: ReactNode;
  testIds: { card: string; expand: string; name: string };
  data: DataAttributes;
}) {
  const { id, name, enabled } = resource;
  const bodyId = `${testIds.card}-body-${id}`;
  return (
    <section
      className={cn("rounded-2xl border bg-card transition-colors", !enabled && "bg-muted/40")}
      data-testid={testIds.card}
      {...data}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
        <button
          type="button"
          onClick={onToggleExpanded}
          aria-expanded={expanded}
          aria-controls={bodyId}
          className="group flex min-w-0 flex-[1_1_18rem] items-start gap-2 text-left"
          data-testid={testIds.expand}
        >
          <ChevronRight
            className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform", expanded && "rotate-90")}
            aria-hidden
          />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="truncate font-medium group-hover:underline" data-testid={testIds.name}>
                {name}
              </span>
              {badges}
            </span>
            {description && <span className="mt-0.5 block truncate text-sm text-muted-foreground">{description}</span>}
            <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              {facts}
            </span>
          </span>
        </button>
        {actions && <div className="ml-auto flex items-center gap-1.5">{actions}</div>}
      </div>
      {result}
      {expanded && (
        <div id={bodyId} className="border-t px-4 pt-3 pb-4">
          {children}
        </div>
      )}
    </section>
  );
}

/** A small outlined label beside the name: disabled, read-only, from the environment. */
export function CardBadge({ children }: { children: ReactNode }) {
  return <span className="rounded-full border px-2 py-0.5 text-[11px] text-muted-foreground">{children}</span>;
}

/** The credential fact of a card: which headers or key it holds, never the value. */
export function CardCredential({ children, ...rest }: { children: ReactNode; "data-testid": string }) {
  return (
    <span className="inline-flex items-center gap-1" data-testid={rest["data-testid"]}>
      <KeyRound className="size-3" aria-hidden />
      {children}
    </span>
  );
}
