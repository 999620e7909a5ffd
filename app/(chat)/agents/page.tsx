import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { getPageActor } from "@/lib/auth/current-user";
import { MyAgents } from "@/components/admin/agents/my-agents";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agents");
  return { title: t("myTitle") };
}

/** Everyone manages their own agents here; the schema endpoint leaves out admin-only fields for members. */
export default async function MyAgentsPage() {
  const { id, role, departmentId } = await getPageActor();
  return (
    <Suspense>
      <MyAgents actor={{ id, role, departmentId }} />
    </Suspense>
  );
}
