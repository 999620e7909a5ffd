import { cn } from "@/components/ui/cn";
import { CheckCircle2, Circle, CircleDot, Loader2 } from "lucide-react";
import type { TodoItem } from "@/lib/agent/ui-parts";

/** `live`: a run is going on, so an in-progress item spins; otherwise it rests as a dot. */
export function TodoStatusIcon({
  status,
  live = true,
  className,
}: {
  status: TodoItem["status"];
  live?: boolean;
  className?: string;
}) {
  const base = cn("size-4 shrink-0", className);
  if (status === "completed") return <CheckCircle2 className={cn(base, "text-success")} aria-hidden />;
  if (status === "in_progress") {
    return live ? (
      <Loader2 className={cn(base, "animate-spin text-brand")} aria-hidden />
    ) : (
      <CircleDot className={cn(base, "text-brand")} aria-hidden />
    );
  }
  return <Circle className={cn(base, "text-muted-foreground/60")} aria-hidden />;
}
