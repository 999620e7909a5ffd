import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getPageActor } from "@/lib/auth/current-user";
import { UsersAdmin } from "@/components/admin/users/users-admin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.users");
  return { title: t("title") };
}

/** The layout has already turned non-admins away. */
export default async function AdminUsersPage() {
  const { id, role, departmentId } = await getPageActor();
  return <UsersAdmin viewer={{ id, role, departmentId }} />;
}
