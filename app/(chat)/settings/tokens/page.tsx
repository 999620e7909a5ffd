import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TokensSettings } from "@/components/settings/tokens/tokens-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tokens");
  return { title: t("title") };
}

/** The (chat) layout signs the visitor in first. */
export default function TokensPage() {
  return <TokensSettings />;
}
