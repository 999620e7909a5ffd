import { FileQuestion } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StatusPage } from "@/components/status/status-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statusPages.notFound");
  return { title: t("title") };
}

/** Shown with status 404 for any address that is not a page. */
export default async function NotFound() {
  const t = await getTranslations("statusPages");
  return (
    <StatusPage
      icon={<FileQuestion aria-hidden />}
      title={t("notFound.title")}
      description={t("notFound.description")}
      backLabel={t("back")}
      testId="not-found-page"
    />
  );
}
