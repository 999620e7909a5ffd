"use client";

import { cn } from "@/components/ui/cn";
import { Brain, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";

/** Model reasoning, collapsed by default; shows a live label while it streams. */
export function Reasoning({ text, streaming }: { text: string; streaming: boolean }) {
  const t = useTranslations("chat");
  const [open, setOpen] = useState(false);
  if (!text.trim() && !streaming) return null;

  return (
    <div className="text-sm" data-testid="reasoning">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        className="inline-flex items-center gap-1.5 rounded-md py-1 text-muted-foreground transition-colors hover:text-foreground"
      >
        <Brain className="size-4" aria-hidden />
        <span className={cn(streaming && "animate-pulse")}>{streaming ? t("reasoningLive") : t("reasoningDone")}</span>
        <ChevronRight className={cn("size-3.5 transition-transform", open && "rotate-90")} aria-hidden />
      </button>
      {open && (
        <div className="mt-1 mb-2 animate-fade-in border-l-2 border-border pl-3.5 leading-relaxed whitespace-pre-wrap text-muted-foreground">
          {text}
        </div>
      )}
    </div>
  );
}
