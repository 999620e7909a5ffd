"use client";

import { Check, Copy, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { CreatedApiToken } from "./types";

/** The secret of a token just created: shown this once, with a copy button and a warning. */
export function NewTokenNotice({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const t = useTranslations("tokens");
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      // Clipboard access can be denied; the token stays selectable in the box.
    }
  }

  return (
    <div className="mt-4 space-y-4" data-testid="token-created">
      <div
        className="flex items-start gap-2 rounded-xl border border-warning/30 bg-warning/10 px-3 py-2.5 text-sm text-foreground"
        role="note"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>{t("createdWarning")}</span>
      </div>
      <div className="flex items-center gap-2 rounded-xl border border-border bg-code p-2 pl-3">
        <code className="min-w-0 flex-1 font-mono text-xs break-all select-all" data-testid="token-secret">
          {created.token}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="token-copy">
          {copied ? <Check className="size-4 text-success" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
      <div className="flex justify-end">
        <Button size="sm" onClick={onDone} data-testid="token-created-done">
          {t("done")}
        </Button>
      </div>
    </div>
  );
}
