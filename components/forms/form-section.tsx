import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * One card of a long form, with an id the section nav jumps to (clear of the nav) and a
 * heading that takes focus after the jump. `id` is also its test id.
 */
export function FormSection({
  id,
  title,
  description,
  bodyClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="scroll-mt-16 rounded-2xl border border-border bg-card p-4 sm:p-5" data-testid={id}>
      <h2 tabIndex={-1} className="text-sm font-semibold outline-none">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-xs text-muted-foreground">{description}</p>}
      <div className={cn("mt-4", bodyClassName)}>{children}</div>
    </section>
  );
}
