import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ALLOWED_REQUEST_OVERRIDES } from "@/lib/agent/runtime/load-model";
import { ProvidersAdmin } from "@/components/admin/providers/providers-admin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.providers");
  return { title: t("title") };
}

/** The layout has already turned non-admins away; the API enforces the same rule. */
export default function AdminProvidersPage() {
  return <ProvidersAdmin allowedOverrides={[...ALLOWED_REQUEST_OVERRIDES]} />;
}
