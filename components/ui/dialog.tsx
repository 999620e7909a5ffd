"use client";

import { cn } from "./cn";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * Modal dialog on the native <dialog> element: focus trap, Escape and the top layer come
 * from the browser. Clicking the backdrop closes it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  ...rest
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid={rest["data-testid"]}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-border bg-popover p-0 text-foreground shadow-(--shadow-popover) backdrop:bg-black/45 backdrop:backdrop-blur-[2px] open:animate-pop-in",
        className,
      )}
    >
      {open && (
        <div className="p-5">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1.5 text-sm text-muted-foreground">
              {description}
            </p>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
