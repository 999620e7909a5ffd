import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { getPageActor } from "@/lib/auth/current-user";
import { KbsPage } from "@/components/kb/kbs-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("kbs");
  return { title: t("title") };
}

/** Everyone lists the knowledge bases they may read and creates their own; the API enforces access per KB. */
export default async function KbsRoute() {
  const { id, role, departmentId } = await getPageActor();
  return (
    <Suspense>
      <KbsPage actor={{ id, role, departmentId }} />
    </Suspense>
  );
}
