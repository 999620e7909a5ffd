import type { ReactNode } from "react";

export function PanelSection({
  title,
  aside,
  children,
  ...rest
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <section className="border-b border-border px-4 py-4 last:border-b-0" data-testid={rest["data-testid"]}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground caps">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Stands in for a section's content until the thread's state has been read (never a false "Idle" or "No plan"). */
export function PanelSkeleton() {
  return (
    <div className="space-y-2" aria-hidden data-testid="panel-skeleton">
      <div className="h-3.5 w-2/3 animate-pulse rounded bg-muted" />
      <div className="h-3.5 w-1/2 animate-pulse rounded bg-muted" />
    </div>
  );
}
