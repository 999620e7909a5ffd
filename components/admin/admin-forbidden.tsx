import { ShieldX } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

/** What a signed-in non-admin sees instead of the admin area. */
export async function AdminForbidden() {
  const t = await getTranslations("admin.forbidden");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center" data-testid="admin-forbidden">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-muted">
        <ShieldX className="size-5 text-muted-foreground" aria-hidden />
      </span>
      <h1 className="mt-4 text-lg font-semibold">{t("title")}</h1>
      <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{t("description")}</p>
      <Link
        href="/"
        className="mt-5 inline-flex h-9 items-center rounded-xl bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
        data-testid="admin-forbidden-back"
      >
        {t("back")}
      </Link>
    </main>
  );
}
