import clsx, { type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// The theme's own scales (app/globals.css @theme), so `shadow-popover` counts as a shadow size
// and `animate-fade-in` as an animation, not as unknown classes.
const twMerge = extendTailwindMerge({
  extend: { theme: { shadow: ["composer", "popover"], animate: ["fade-in", "pop-in"] } },
});

/**
 * Class names joined with clsx, then Tailwind conflicts resolved so the later class wins: a
 * caller's `hover:text-danger` replaces a component's base `hover:text-foreground` (with clsx
 * alone both stay and the stylesheet's order decides).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
