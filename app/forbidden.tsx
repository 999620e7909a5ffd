import { ShieldX } from "lucide-react";
import { statusPageMetadata, TranslatedStatusPage } from "@/components/status/translated-status-page";

export const generateMetadata = () => statusPageMetadata("forbidden");

/** Shown with status 403 wherever a page calls forbidden() (the admin area, to non-admins). */
export default function Forbidden() {
  return <TranslatedStatusPage kind="forbidden" icon={<ShieldX aria-hidden />} testId="forbidden-page" />;
}
