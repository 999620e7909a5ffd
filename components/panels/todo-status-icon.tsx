import clsx from "clsx";
import { CheckCircle2, Circle, Loader2 } from "lucide-react";
import type { TodoItem } from "@/lib/agent/token-usage-types";

export function TodoStatusIcon({ status, className }: { status: TodoItem["status"]; className?: string }) {
  const base = clsx("size-4 shrink-0", className);
  if (status === "completed") return <CheckCircle2 className={clsx(base, "text-success")} aria-hidden />;
  if (status === "in_progress") return <Loader2 className={clsx(base, "animate-spin text-brand")} aria-hidden />;
  return <Circle className={clsx(base, "text-muted-foreground/60")} aria-hidden />;
}
