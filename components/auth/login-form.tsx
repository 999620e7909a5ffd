"use client";

import { AlertCircle, Loader2 } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useMounted } from "@/components/hooks/use-mounted";
import { Button } from "@/components/ui/button";
import { safeCallbackUrl } from "./safe-callback-url";

type LoginError = "invalid" | "locked" | "rateLimited" | "network";

/** Maps the credentials provider's error code (or the 429's, lib/auth/handlers.ts) to a message key. */
function errorFromCode(code: string | undefined): LoginError {
  if (code === "account_locked") return "locked";
  return code === "rate_limited" ? "rateLimited" : "invalid";
}

const inputClass =
  "h-11 w-full rounded-xl border border-input bg-background px-3.5 text-sm outline-none transition-shadow placeholder:text-muted-foreground/70 focus:border-ring focus:ring-4 focus:ring-ring/15";

export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations("auth");
  const [pending, setPending] = useState(false);
  // Until hydration the button stays disabled: a native submit would put the password in the URL.
  const mounted = useMounted();
  const [error, setError] = useState<LoginError | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // Inputs are uncontrolled, so whatever was typed before hydration still counts.
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const username = String(data.get("username") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const missing = !username ? "username" : !password ? "password" : null;
    if (missing) {
      form.querySelector<HTMLInputElement>(`[name="${missing}"]`)?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", { username, password, redirect: false });
      if (!result || result.error) {
        setError(errorFromCode(result?.code));
        setPending(false);
        return;
      }
      // A full navigation so server components see the new session cookie.
      window.location.assign(safeCallbackUrl(callbackUrl));
    } catch {
      setError("network");
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate>
      <div className="space-y-1.5">
        <label htmlFor="login-username" className="text-sm font-medium">
          {t("username")}
        </label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          className={inputClass}
          data-testid="login-username"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="login-password" className="text-sm font-medium">
          {t("password")}
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
          data-testid="login-password"
        />
      </div>

      {error && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-danger/25 bg-danger-soft px-3 py-2.5 text-sm text-danger"
          data-testid="login-error"
          data-error={error}
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t(`errors.${error}`)}</span>
        </div>
      )}

      <Button type="submit" className="h-11 w-full" disabled={pending || !mounted} data-testid="login-submit">
        {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {pending ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}
