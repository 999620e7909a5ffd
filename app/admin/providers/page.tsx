import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ALLOWED_REQUEST_OVERRIDES } from "@/lib/agent/runtime/load-model";
import { getPageActor } from "@/lib/auth/current-user";
import { ProvidersAdmin } from "@/components/admin/providers/providers-admin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.providers");
  return { title: t("title") };
}

/** The layout has already turned non-admins away; department admins get the list read-only (the API enforces the same rule). */
export default async function AdminProvidersPage() {
  const { role } = await getPageActor();
  return <ProvidersAdmin allowedOverrides={[...ALLOWED_REQUEST_OVERRIDES]} canManage={role === "superadmin"} />;
}
