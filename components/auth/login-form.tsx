"use client";

import { AlertCircle, Loader2 } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { safeCallbackUrl } from "./safe-callback-url";

type LoginError = "invalid" | "locked" | "network";

/** Maps the credentials provider's error code to a message key. */
function errorFromCode(code: string | undefined): LoginError {
  return code === "account_locked" ? "locked" : "invalid";
}

const inputClass =
  "h-11 w-full rounded-xl border border-input bg-background px-3.5 text-sm outline-none transition-shadow placeholder:text-muted-foreground/70 focus:border-ring focus:ring-4 focus:ring-ring/15";

export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations("auth");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<LoginError | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget as HTMLFormElement;
    const missing = !username.trim() ? "username" : !password ? "password" : null;
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
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
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
          value={username}
          onChange={(event) => setUsername(event.target.value)}
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
          value={password}
          onChange={(event) => setPassword(event.target.value)}
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

      <Button
        type="submit"
        className="h-11 w-full"
        disabled={pending}
        data-testid="login-submit"
      >
        {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {pending ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}
