import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { LoadingBlock } from "@/components/ui/loading-block";

/** The cards of a resource screen, with its loading and empty states. */
export function ResourceList<T extends { id: string }>({
  items,
  loadingLabel,
  empty,
  children,
  ...rest
}: {
  items: T[] | null;
  loadingLabel: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
  "data-testid": string;
}) {
  return (
    <div className="space-y-3" data-testid={rest["data-testid"]}>
      {items === null && <LoadingBlock className="h-24" label={loadingLabel} />}
      {items?.length === 0 && empty}
      {items?.map(children)}
    </div>
  );
}

export function ResourceEmpty({
  icon: Icon,
  title,
  body,
  ...rest
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  "data-testid"?: string;
}) {
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-2xl border border-dashed px-6 py-12 text-center"
      data-testid={rest["data-testid"]}
    >
      <Icon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{body}</p>
    </div>
  );
}
