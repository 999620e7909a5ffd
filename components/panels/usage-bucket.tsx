"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { UsageBucket as Bucket } from "@/lib/agent/ui-parts";
import { useTokenFormat } from "@/components/format/tokens";

function Stat({ label, value, testId, title }: { label: string; value: string; testId?: string; title?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums" data-testid={testId} title={title}>
        {value}
      </dd>
    </div>
  );
}

/** One model bucket (configured spec): usage, cache hit rate, calls, models that answered. */
export function UsageBucket({ bucket }: { bucket: Bucket }) {
  const t = useTranslations("panel");
  const format = useFormatter();
  const tokens = useTokenFormat();
  // null means no call reported a cache field: unknown, never 0 %.
  const hitRate =
    bucket.cacheHitRatio === null
      ? "—"
      : format.number(bucket.cacheHitRatio, { style: "percent", maximumFractionDigits: 1 });

  return (
    <div className="rounded-xl border border-border bg-card p-3" data-testid="token-bucket" data-spec={bucket.spec}>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 truncate font-mono text-xs font-medium" title={bucket.spec}>
          {bucket.spec}
        </p>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {t("calls", { count: bucket.calls })}
        </span>
      </div>
      {bucket.responseModels.length > 0 && (
        <p
          className="mt-0.5 truncate text-xs text-muted-foreground"
          title={bucket.responseModels.join(", ")}
          data-testid="response-models"
        >
          {t("answeredBy", { models: bucket.responseModels.join(", ") })}
        </p>
      )}
      <dl className="mt-2.5 grid grid-cols-4 gap-2">
        <Stat label={t("input")} value={tokens(bucket.inputTokens)} />
        <Stat label={t("output")} value={tokens(bucket.outputTokens)} />
        <Stat label={t("cached")} value={bucket.callsWithCacheInfo ? tokens(bucket.cacheReadTokens) : "—"} />
        <Stat
          label={t("cacheHit")}
          value={hitRate}
          title={bucket.cacheHitRatio === null ? t("cacheUnknown") : undefined}
          testId="cache-hit-rate"
        />
      </dl>
    </div>
  );
}
