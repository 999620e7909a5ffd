import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

/** The framed box tables and empty states sit in. */
export function Panel({ children, ...rest }: { children: ReactNode; "data-testid"?: string }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card" data-testid={rest["data-testid"]}>
      {children}
    </div>
  );
}

export function PanelMessage({ children, ...rest }: { children: ReactNode; "data-testid"?: string }) {
  return (
    <p className="px-6 py-12 text-center text-sm text-muted-foreground" data-testid={rest["data-testid"]}>
      {children}
    </p>
  );
}
