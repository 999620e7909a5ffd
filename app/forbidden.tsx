import { ShieldX } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StatusPage } from "@/components/status/status-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statusPages.forbidden");
  return { title: t("title") };
}

/** Shown with status 403 wherever a page calls forbidden() (the admin area, to non-admins). */
export default async function Forbidden() {
  const t = await getTranslations("statusPages");
  return (
    <StatusPage
      icon={<ShieldX aria-hidden />}
      title={t("forbidden.title")}
      description={t("forbidden.description")}
      backLabel={t("back")}
      testId="forbidden-page"
    />
  );
}
