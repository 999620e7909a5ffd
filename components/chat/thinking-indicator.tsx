import { useTranslations } from "next-intl";

export function ThinkingIndicator() {
  const t = useTranslations("chat");
  return (
    <div className="flex items-center gap-2 py-1 text-sm text-muted-foreground" role="status" data-testid="thinking">
      <span className="flex gap-1" aria-hidden>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-current"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span>{t("thinking")}</span>
    </div>
  );
}
