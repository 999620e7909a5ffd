import { cn } from "@/components/ui/cn";
import { CheckCircle2, Circle, CircleDot, CircleSlash, Loader2 } from "lucide-react";
import type { PlanItemStatus } from "@/components/chat/live-run";

/**
 * `live`: a run is going on, so an in-progress item spins; otherwise it rests as a dot.
 * `stopped`: the run ended (cancelled or failed) while the step was in progress.
 */
export function TodoStatusIcon({
  status,
  live = true,
  className,
}: {
  status: PlanItemStatus;
  live?: boolean;
  className?: string;
}) {
  const base = cn("size-4 shrink-0", className);
  if (status === "completed") return <CheckCircle2 className={cn(base, "text-success")} aria-hidden />;
  if (status === "stopped") return <CircleSlash className={cn(base, "text-muted-foreground")} aria-hidden />;
  if (status === "in_progress") {
    return live ? (
      <Loader2 className={cn(base, "animate-spin text-brand")} aria-hidden />
    ) : (
      <CircleDot className={cn(base, "text-brand")} aria-hidden />
    );
  }
  return <Circle className={cn(base, "text-muted-foreground/60")} aria-hidden />;
}
