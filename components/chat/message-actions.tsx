"use client";

import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/components/api/client";
import { useReportError } from "@/components/hooks/use-report-error";
import { cn } from "@/components/ui/cn";
import { IconButton } from "@/components/ui/icon-button";
import type { Rating } from "./message-meta";

/** When the message was written, with the full date on hover; and the model that answered. */
export function MessageStamp({ createdAt, model }: { createdAt?: string; model?: string | null }) {
  const format = useFormatter();
  if (!createdAt && !model) return null;
  const at = createdAt ? new Date(createdAt) : null;
  return (
    <span className="flex min-w-0 items-center gap-1.5 px-1 text-xs text-muted-foreground" data-testid="message-stamp">
      {model && (
        <span
          className="max-w-48 truncate rounded-md bg-muted px-1.5 py-0.5 font-mono text-[11px]"
          title={model}
          data-testid="message-model"
        >
          {model}
        </span>
      )}
      {at && !Number.isNaN(at.getTime()) && (
        <time
          dateTime={at.toISOString()}
          title={format.dateTime(at, { dateStyle: "medium", timeStyle: "short" })}
          className="tabular-nums"
          data-testid="message-time"
        >
          {format.dateTime(at, { hour: "numeric", minute: "2-digit" })}
        </time>
      )}
    </span>
  );
}

/** Thumbs up or down on an answer, stored per user; pressing the chosen one again takes it back. */
export function FeedbackButtons({
  threadId,
  messageId,
  initial,
}: {
  threadId: string;
  messageId: string;
  initial?: Rating;
}) {
  const t = useTranslations("chat");
  const reportError = useReportError();
  const [rating, setRating] = useState<Rating | null>(initial ?? null);
  const [saving, setSaving] = useState(false);

  async function choose(next: Rating) {
    if (saving) return;
    const previous = rating;
    const value = previous === next ? null : next;
    setRating(value);
    setSaving(true);
    try {
      const url = `/api/threads/${encodeURIComponent(threadId)}/messages/${encodeURIComponent(messageId)}/feedback`;
      await apiFetch(url, value ? { method: "PUT", body: JSON.stringify({ rating: value }) } : { method: "DELETE" });
    } catch (error) {
      setRating(previous);
      reportError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {(["up", "down"] as const).map((value) => (
        <IconButton
          key={value}
          size="sm"
          label={t(value === "up" ? "feedbackUp" : "feedbackDown")}
          icon={value === "up" ? <ThumbsUp /> : <ThumbsDown />}
          tooltipSide="top"
          aria-pressed={rating === value}
          onClick={() => void choose(value)}
          className={cn(rating === value && "text-brand hover:text-brand")}
          data-testid={`message-feedback-${value}`}
        />
      ))}
    </>
  );
}
