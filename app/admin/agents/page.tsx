import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { getPageActor } from "@/lib/auth/current-user";
import { AgentsManager } from "@/components/admin/agents/agents-manager";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agents");
  return { title: t("title") };
}

/** The layout has already turned non-admins away; the API enforces access per agent. */
export default async function AdminAgentsPage() {
  const { id, role, departmentId } = await getPageActor();
  return (
    <Suspense>
      <AgentsManager actor={{ id, role, departmentId }} />
    </Suspense>
  );
}
