import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getPageActor } from "@/lib/auth/current-user";
import { DepartmentsAdmin } from "@/components/admin/departments/departments-admin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.departments");
  return { title: t("title") };
}

/** The layout has already turned non-admins away. */
export default async function AdminDepartmentsPage() {
  const { id, role, departmentId } = await getPageActor();
  return <DepartmentsAdmin viewer={{ id, role, departmentId }} />;
}
