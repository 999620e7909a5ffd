"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { TokenUsageState, UsageAggregate } from "@/lib/agent/ui-parts";
import { Segmented } from "@/components/ui/segmented";
import { ContextUsage } from "./context-usage";
import { PanelSection } from "./panel-section";
import { UsageBucket } from "./usage-bucket";
import { useTokenFormat } from "@/components/format/tokens";
import type { RunDisplayStatus } from "@/components/chat/live-run";

type Scope = "run" | "thread";

function Totals({ aggregate }: { aggregate: UsageAggregate }) {
  const t = useTranslations("panel");
  const tokens = useTokenFormat();
  return (
    <p className="mb-2.5 text-xs text-muted-foreground tabular-nums" data-testid="token-totals">
      {t("totals", {
        input: tokens(aggregate.totals.inputTokens),
        output: tokens(aggregate.totals.outputTokens),
        calls: aggregate.totals.calls,
      })}
    </p>
  );
}

/** Provider-reported usage per model bucket, for the current run or the whole thread. */
export function TokenUsageCard({
  usage,
  awaitingUsage,
  runStatus = "idle",
}: {
  usage: TokenUsageState | null;
  /** A run is going on and no model call has reported usage yet. */
  awaitingUsage: boolean;
  /** The latest run's status: a run that ended without usage says why, not "yet". */
  runStatus?: RunDisplayStatus;
}) {
  const t = useTranslations("panel");
  const [scope, setScope] = useState<Scope>("run");
  const aggregate = scope === "run" ? usage?.run : usage?.thread;
  const buckets = aggregate ? Object.values(aggregate.buckets) : [];

  return (
    <PanelSection
      title={t("tokenUsage")}
      aside={
        <Segmented<Scope>
          label={t("scope")}
          value={scope}
          onChange={setScope}
          options={[
            { value: "run", label: t("thisRun") },
            { value: "thread", label: t("thisThread") },
          ]}
          data-testid="token-usage-scope"
        />
      }
      data-testid="token-usage-card"
    >
      {usage?.context && <ContextUsage context={usage.context} />}
      {usage?.context && usage.context.usageAvailable === false && (
        <p
          className="mb-3 rounded-lg bg-muted px-2.5 py-2 text-xs text-muted-foreground"
          data-testid="usage-unavailable"
        >
          {t("usageUnavailable")}
        </p>
      )}
      {aggregate && buckets.length > 0 ? (
        <>
          <Totals aggregate={aggregate} />
          <div className="space-y-2">
            {buckets.map((bucket) => (
              <UsageBucket key={bucket.spec} bucket={bucket} />
            ))}
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="usage-empty">
          {scope === "thread"
            ? t("noUsage")
            : awaitingUsage
              ? t("awaitingUsage")
              : runStatus === "cancelled"
                ? t("stoppedNoUsage")
                : runStatus === "completed" || runStatus === "failed" || runStatus === "interrupted"
                  ? t("endedNoUsage")
                  : t("noRunUsage")}
        </p>
      )}
    </PanelSection>
  );
}
