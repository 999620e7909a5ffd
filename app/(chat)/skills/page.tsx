import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { getPageActor } from "@/lib/auth/current-user";
import { SkillsPage } from "@/components/skills/skills-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("skills");
  return { title: t("title") };
}

/** Everyone sees the skills they may use and manages their own; the API enforces access per skill. */
export default async function SkillsRoute() {
  const { id, role, departmentId } = await getPageActor();
  return (
    <Suspense>
      <SkillsPage actor={{ id, role, departmentId }} />
    </Suspense>
  );
}
