"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";

export type FormSection = { id: string; label: string };

/** The section a reader is in: the last one whose top has passed under the nav, or the last one once it is fully shown. */
function currentSection(ids: string[], nav: HTMLElement | null): string | undefined {
  const line = (nav?.getBoundingClientRect().bottom ?? 0) + 24;
  const nodes = ids.map((id) => document.getElementById(id)).filter((node): node is HTMLElement => !!node);
  if (!nodes.length) return undefined;
  const last = nodes[nodes.length - 1];
  const lastBox = last.getBoundingClientRect();
  if (lastBox.top > line && lastBox.bottom <= window.innerHeight - 72 && nodes.length > 1) {
    const previous = nodes[nodes.length - 2].getBoundingClientRect();
    if (previous.top < line) return last.id;
  }
  let current = nodes[0].id;
  for (const node of nodes) if (node.getBoundingClientRect().top <= line) current = node.id;
  return current;
}

/**
 * A long form's table of contents: a row of links that stays at the top while the form
 * scrolls, marks the section in view and jumps to a section (focusing its heading).
 */
export function SectionNav({ sections, label }: { sections: FormSection[]; label: string }) {
  const ref = useRef<HTMLElement>(null);
  const [current, setCurrent] = useState<string | undefined>(sections[0]?.id);
  const key = sections.map((section) => section.id).join(" ");

  useEffect(() => {
    const ids = key.split(" ");
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(currentSection(ids, ref.current)));
    };
    update();
    // Scroll events do not bubble: listen in the capture phase to hear whichever container scrolls.
    document.addEventListener("scroll", update, { capture: true, passive: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("scroll", update, { capture: true });
      window.removeEventListener("resize", update);
    };
  }, [key]);

  // Keep the current link in view in a row that scrolls sideways. Only the row scrolls:
  // scrollIntoView would move the page too.
  useEffect(() => {
    const nav = ref.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!nav || !link) return;
    const left = link.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft || left + link.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollTo({ left: left - 8 });
    }
  }, [current]);

  return (
    <nav
      ref={ref}
      aria-label={label}
      className="sticky top-0 z-10 -mx-1 flex gap-1 overflow-x-auto bg-background/95 px-1 py-2 backdrop-blur [scrollbar-width:none]"
      data-sticky="top"
      data-testid="form-section-nav"
    >
      {sections.map((section) => (
        <a
          key={section.id}
          href={`#${section.id}`}
          aria-current={current === section.id ? "true" : undefined}
          onClick={(event) => {
            event.preventDefault();
            const target = document.getElementById(section.id);
            if (!target) return;
            const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
            target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
            target.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
          }}
          className={cn(
            "shrink-0 rounded-full px-3 py-1 text-xs font-medium whitespace-nowrap transition-colors",
            current === section.id
              ? "bg-foreground text-background"
              : "bg-muted text-muted-foreground hover:bg-accent hover:text-foreground",
          )}
          data-testid="form-section-link"
          data-section={section.id}
        >
          {section.label}
        </a>
      ))}
    </nav>
  );
}
