import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { StatusPage } from "./status-page";

/** The status pages that are whole server pages; each has `title` and `description` under `statusPages.<kind>`. */
type StatusKind = "forbidden" | "notFound";

export async function statusPageMetadata(kind: StatusKind): Promise<Metadata> {
  const t = await getTranslations("statusPages");
  return { title: t(`${kind}.title`) };
}

/** A server-rendered status page (403, 404) with its translated texts. */
export async function TranslatedStatusPage({
  kind,
  icon,
  testId,
}: {
  kind: StatusKind;
  icon: ReactNode;
  testId: string;
}) {
  const t = await getTranslations("statusPages");
  return (
    <StatusPage
      icon={icon}
      title={t(`${kind}.title`)}
      description={t(`${kind}.description`)}
      backLabel={t("back")}
      testId={testId}
    />
  );
}
