import { cn } from "./cn";

/**
 * The placeholder shown while a page's data loads: a pulsing block that assistive technology
 * announces by `label` (a status region; a plain div may not carry a name).
 */
export function LoadingBlock({ label, className }: { label: string; className?: string }) {
  return <div role="status" aria-label={label} className={cn("animate-pulse rounded-2xl bg-muted", className)} />;
}
