"use client";

import { Paperclip, Pencil } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { MeridianUIMessage } from "@/components/api/types";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { attachmentsOf } from "@/lib/files/message-attachments";
import { CopyButton } from "./copy-button";
import { MessageAttachments } from "./message-attachments";
import { MessageStamp } from "./message-actions";
import { metaOf } from "./message-meta";

/**
 * A user's message. With `onEdit` (no run going), it can be edited in place: sending the new
 * text answers it again from there, and what followed it is replaced.
 */
export function UserMessage({
  message,
  onEdit,
}: {
  message: MeridianUIMessage;
  onEdit?: (messageId: string, text: string) => void;
}) {
  const t = useTranslations("chat");
  const files = message.parts.filter((part) => part.type === "file");
  const text = message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("")
    .trim();
  const [editing, setEditing] = useState(false);

  return (
    <div
      className="group/message flex animate-fade-in justify-end"
      data-testid="message-user"
      data-message-id={message.id}
    >
      <div className="flex max-w-[85%] flex-col items-end gap-1.5 sm:max-w-[75%]">
        <MessageAttachments attachments={attachmentsOf(message.metadata)} />
        {files.map((file, index) => (
          <span
            key={index}
            className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-card px-2.5 py-1 text-xs text-muted-foreground"
          >
            <Paperclip className="size-3.5" aria-hidden />
            {file.filename ?? file.mediaType}
          </span>
        ))}
        {editing && onEdit ? (
          <EditForm
            initial={text}
            onCancel={() => setEditing(false)}
            onSave={(next) => {
              setEditing(false);
              onEdit(message.id, next);
            }}
          />
        ) : (
          text && (
            <div
              className="rounded-3xl rounded-br-lg bg-muted px-4 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap"
              data-testid="message-user-text"
            >
              {text}
            </div>
          )
        )}
        {!editing && text && (
          <div className="-mr-1.5 flex h-7 items-center opacity-0 transition-opacity group-hover/message:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100">
            <MessageStamp createdAt={metaOf(message).createdAt} />
            <CopyButton text={text} testId="user-message-copy" />
            {onEdit && (
              <IconButton
                size="sm"
                label={t("edit")}
                icon={<Pencil />}
                tooltipSide="top"
                onClick={() => setEditing(true)}
                data-testid="message-edit"
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function EditForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("chat");
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const trimmed = value.trim();
  const save = () => {
    if (trimmed) onSave(trimmed);
  };

  return (
    <form
      className="flex w-full min-w-[min(32rem,80vw)] flex-col gap-2 rounded-3xl rounded-br-lg bg-muted p-3"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <textarea
        ref={ref}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel();
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            save();
          }
        }}
        aria-label={t("editLabel")}
        rows={Math.min(10, Math.max(2, value.split("\n").length))}
        className="w-full resize-none bg-transparent px-1 text-[15px] leading-relaxed outline-none"
        data-testid="message-edit-input"
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} data-testid="message-edit-cancel">
          {t("editCancel")}
        </Button>
        <Button type="submit" size="sm" disabled={!trimmed} data-testid="message-edit-save">
          {t("editSave")}
        </Button>
      </div>
    </form>
  );
}
