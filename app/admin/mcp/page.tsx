import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getPageActor } from "@/lib/auth/current-user";
import { McpAdmin } from "@/components/admin/mcp/mcp-admin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.mcp");
  return { title: t("title") };
}

/** The layout has already turned non-admins away; the API enforces the same rules per server. */
export default async function AdminMcpPage() {
  const actor = await getPageActor();
  return <McpAdmin actor={{ role: actor.role, departmentId: actor.departmentId }} />;
}
