"use client";

import { TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { StatusPage } from "./status-page";

/**
 * What a render error leaves on screen instead of a blank page. `digest` identifies a server
 * error in the server's log (its message is never sent to the browser).
 */
export function ErrorView({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  const t = useTranslations("statusPages");
  return (
    <StatusPage
      icon={<TriangleAlert aria-hidden />}
      title={t("error.title")}
      description={t("error.description")}
      backLabel={t("back")}
      testId="error-page"
      details={
        digest ? (
          <p className="mt-2 font-mono text-xs text-muted-foreground">{t("error.reference", { digest })}</p>
        ) : undefined
      }
      actions={
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex h-9 items-center rounded-xl border border-border bg-background px-4 text-sm font-medium transition-colors hover:bg-muted"
          data-testid="error-page-retry"
        >
          {t("error.retry")}
        </button>
      }
    />
  );
}
