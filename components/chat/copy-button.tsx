"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { IconButton } from "@/components/ui/icon-button";

export function CopyButton({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const t = useTranslations("chat");
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard access can be denied (insecure origin); nothing useful to show.
    }
  }

  return (
    <IconButton
      size="sm"
      label={copied ? t("copied") : t("copy")}
      icon={copied ? <Check className="text-success" /> : <Copy />}
      tooltipSide="top"
      onClick={() => void copy()}
      className={className}
      data-testid={testId}
    />
  );
}
