"use client";

import { ThemeProvider, useTheme } from "next-themes";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import "./zod-jitless";

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  const t = useTranslations("common");
  return (
    <Toaster
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t("notifications")}
      toastOptions={{ className: "!rounded-xl !text-sm", closeButtonAriaLabel: t("closeNotification") }}
    />
  );
}

/** Client-side app context: theme (class strategy), tooltip timing and toasts. `nonce`: the page's CSP nonce. */
export function AppProviders({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <TooltipProvider>{children}</TooltipProvider>
      <ThemedToaster />
    </ThemeProvider>
  );
}
