import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountSettings } from "@/components/settings/account/account-settings";
import { getPageActor } from "@/lib/auth/current-user";
import { getAccount } from "@/lib/db/account";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account");
  return { title: t("title") };
}

/** The (chat) layout signs the visitor in first; the profile is read here so the page never flashes empty. */
export default async function AccountPage() {
  const account = await getAccount(await getPageActor());
  return <AccountSettings account={{ ...account, createdAt: account.createdAt.toISOString() }} />;
}
