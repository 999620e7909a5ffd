import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { getActor } from "@/lib/auth/current-user";
import { safeCallbackUrl } from "@/components/auth/safe-callback-url";
import { LoginForm } from "@/components/auth/login-form";
import { LogoMark } from "@/components/brand/logo";
import { LanguageSwitch } from "@/components/settings/language-switch";
import { ThemeSwitch } from "@/components/settings/theme-switch";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("signIn") };
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  const { callbackUrl } = await searchParams;
  // Already signed in: go where the sign-in would have led.
  if (await getActor()) redirect(safeCallbackUrl(callbackUrl));
  const t = await getTranslations("auth");

  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-16">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklab,var(--brand)_14%,transparent),transparent)]"
      />
      <div className="absolute top-4 right-4 flex items-center gap-2">
        <LanguageSwitch />
        <ThemeSwitch className="hidden sm:flex" />
      </div>

      <div className="relative w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-11" />
          <h1 className="mt-5 text-2xl font-semibold tracking-tight">{t("title")}</h1>
          <p className="mt-1.5 text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
        <div className="rounded-2xl border border-border bg-card p-6 shadow-(--shadow-composer)">
          <LoginForm callbackUrl={Array.isArray(callbackUrl) ? callbackUrl[0] : callbackUrl} />
        </div>
        <p className="mt-6 text-center text-xs text-muted-foreground">{t("footer")}</p>
      </div>
    </main>
  );
}
