import { FileQuestion } from "lucide-react";
import { statusPageMetadata, TranslatedStatusPage } from "@/components/status/translated-status-page";

export const generateMetadata = () => statusPageMetadata("notFound");

/** Shown with status 404 for any address that is not a page. */
export default function NotFound() {
  return <TranslatedStatusPage kind="notFound" icon={<FileQuestion aria-hidden />} testId="not-found-page" />;
}
