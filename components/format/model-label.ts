"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/** The built-in offline provider's id (lib/models/demo.ts); its name is the one model label the app writes itself. */
const DEMO_PREFIX = "demo:";

/**
 * A model's label for display: the server's label, except for the built-in offline demo
 * model, whose provider name is said in the user's language ("演示（离线）· demo-chat").
 */
export function useModelLabel() {
  const t = useTranslations("models");
  return useCallback(
    (spec: string, label: string) =>
      spec.startsWith(DEMO_PREFIX) ? `${t("demoProvider")} · ${spec.slice(DEMO_PREFIX.length)}` : label,
    [t],
  );
}
