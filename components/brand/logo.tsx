import { cn } from "@/components/ui/cn";

/** Meridian's mark: a globe crossed by one meridian. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("shrink-0", className)}>
      <rect width="32" height="32" rx="9" className="fill-brand" />
      <circle cx="16" cy="16" r="8.5" fill="none" strokeWidth="2" className="stroke-brand-foreground" />
      <ellipse cx="16" cy="16" rx="3.6" ry="8.5" fill="none" strokeWidth="2" className="stroke-brand-foreground" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark className="size-7" />
      <span className="text-[15px] font-semibold tracking-tight">Meridian</span>
    </span>
  );
}
