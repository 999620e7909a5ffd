"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import type { ProviderView } from "./api";

type Status = "active" | "noChatModel" | "disabled";

function providerStatus(provider: ProviderView): Status {
  if (!provider.enabled) return "disabled";
  return provider.models.some((m) => m.type === "chat" && m.enabled) ? "active" : "noChatModel";
}

const TONE: Record<Status, string> = {
  active: "bg-success/10 text-success",
  noChatModel: "bg-warning/10 text-warning",
  disabled: "bg-muted text-muted-foreground",
};

/** Whether chats can use the provider now, and if not why. */
export function ProviderStatus({ provider }: { provider: ProviderView }) {
  const t = useTranslations("admin.providers.status");
  const status = providerStatus(provider);
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-medium", TONE[status])}
      data-testid="provider-status"
      data-status={status}
    >
      <span className="size-1.5 rounded-full bg-current" aria-hidden />
      {t(status)}
    </span>
  );
}
