import type { FocusEvent } from "react";

/**
 * A long form's sticky bars (the section nav on top, the save bar below: `data-sticky="top"` and
 * `"bottom"`) must never hide the field being typed in. The browser does not scroll a field that
 * is partly on screen, even when a bar covers it; this does: `onFocus` on the form.
 */
export function revealFocused(event: FocusEvent<HTMLElement>) {
  const form = event.currentTarget;
  const field = event.target as HTMLElement;
  if (field === form || field.closest("[data-sticky]")) return;
  const top = form.querySelector('[data-sticky="top"]')?.getBoundingClientRect().bottom ?? 0;
  const bottom = form.querySelector('[data-sticky="bottom"]')?.getBoundingClientRect().top ?? window.innerHeight;
  const box = field.getBoundingClientRect();
  const tall = box.height > bottom - top - 16;
  const hidden = box.top < top || (tall ? box.top > bottom - 32 : box.bottom > bottom);
  if (hidden) field.scrollIntoView({ block: tall ? "start" : "center", inline: "nearest" });
}
