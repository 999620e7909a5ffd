import { Bot, Layers } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import type { CompressionData, SubagentData } from "@/components/api/types";

/** `data-compression`: the agent summarised older history to stay within its context. */
export function CompressionNote({ data }: { data: CompressionData }) {
  const t = useTranslations("chat");
  const format = useFormatter();
  const compact = (n: number) => format.number(n, { notation: "compact", maximumFractionDigits: 1 });
  const detail =
    data.status === "completed" && data.messages && data.tokensBefore && data.tokensAfter
      ? t("compression.detail", {
          messages: data.messages,
          before: compact(data.tokensBefore),
          after: compact(data.tokensAfter),
        })
      : null;
  return (
    <div className="flex items-center gap-3 py-1 text-xs text-muted-foreground" data-testid="compression-note">
      <span className="h-px flex-1 bg-border" />
      <span className="inline-flex items-center gap-1.5">
        <Layers className={data.status === "started" ? "size-3.5 animate-pulse" : "size-3.5"} aria-hidden />
        {t(`compression.${data.status}`)}
        {detail && <span className="text-muted-foreground/80">· {detail}</span>}
      </span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** `data-subagent`: progress of a delegated task. */
export function SubagentNote({ data }: { data: SubagentData }) {
  const t = useTranslations("chat");
  return (
    <div
      className="flex items-center gap-2 rounded-xl border border-border bg-card px-3 py-2 text-sm"
      data-testid="subagent-card"
    >
      <Bot className="size-4 shrink-0 text-brand" aria-hidden />
      <span className="font-medium">{data.subagent ?? t("subagent.label")}</span>
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{data.description ?? data.message ?? ""}</span>
      <span className="shrink-0 text-xs text-muted-foreground">{t(`subagent.${data.status}`)}</span>
    </div>
  );
}
