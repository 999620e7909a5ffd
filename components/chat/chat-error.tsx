import { AlertTriangle } from "lucide-react";
import { useTranslations } from "next-intl";
import { apiErrorFromChatError } from "@/components/api/client";
import { useApiErrorText } from "@/components/api/use-api-error-text";

/** A request or stream failure shown at the end of the conversation. */
export function ChatError({ error }: { error: Error }) {
  const t = useTranslations("chat");
  const apiErrorText = useApiErrorText();
  const apiError = apiErrorFromChatError(error);
  if (apiError?.code === "conflict:run") return null;
  const detail = apiError ? apiErrorText(apiError) : error.message.length < 300 ? error.message : "";

  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-2.5 text-sm"
      data-testid="chat-error"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium text-danger">{t("requestFailed")}</p>
        {detail && <p className="mt-0.5 break-words text-foreground/80">{detail}</p>}
      </div>
    </div>
  );
}
