"use client";

import { ArrowRightLeft } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ModelSwitchData } from "@/lib/agent/ui-parts";
import { useModels } from "@/components/shell/models-context";

/** "Switched to <model> after the primary was overloaded", naming the model as the picker does. */
function useModelSwitchText(data: ModelSwitchData): string {
  const t = useTranslations("chat");
  const { models } = useModels();
  const model = models.find((m) => m.spec === data.to)?.label ?? data.to;
  return t("modelSwitch", { model });
}

/** `data-model-switch`: the run moved to a fallback model; the provider's reason is the tooltip. */
export function ModelSwitchNote({ data, testId = "model-switch-note" }: { data: ModelSwitchData; testId?: string }) {
  const text = useModelSwitchText(data);
  return (
    <div
      className="flex items-start gap-2 rounded-lg border border-warning/25 bg-warning/10 px-2.5 py-1.5 text-xs text-foreground"
      title={data.reason}
      data-testid={testId}
    >
      <ArrowRightLeft className="mt-px size-3.5 shrink-0 text-warning" aria-hidden />
      <span className="min-w-0 break-words">{text}</span>
    </div>
  );
}
