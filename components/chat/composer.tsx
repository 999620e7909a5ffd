"use client";

import { cn } from "@/components/ui/cn";
import { ArrowUp, Loader2, Square } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import type { ApproximateContext } from "@/lib/agent/ui-parts";
import { AttachButton } from "./attachments/attach-button";
import { AttachmentChip } from "./attachments/attachment-chip";
import type { ComposerAttachments } from "./attachments/use-composer-attachments";
import { ContextRing } from "./context-ring";
import { pastedFiles } from "./attachments/pasted-files";
import { ModelPicker } from "./model-picker";
import { CoordinatorToggle } from "./coordinator-toggle";

const MAX_HEIGHT_PX = 240;

/** Touch keyboards have no Shift+Enter: there Enter inserts a newline and the button sends. */
function enterSends(): boolean {
  return !window.matchMedia("(pointer: coarse)").matches;
}

export function Composer({
  value,
  onChange,
  onSubmit,
  onStop,
  busy,
  stopping,
  modelSpec,
  onModelChange,
  coordinator,
  onCoordinatorChange,
  context,
  attachments,
  focusRequest = 0,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (text: string) => void;
  onStop: () => void;
  busy: boolean;
  stopping: boolean;
  modelSpec: string | null;
  onModelChange: (spec: string) => void;
  coordinator: boolean;
  onCoordinatorChange: (on: boolean) => void;
  context: ApproximateContext | null;
  /** Files uploaded to the thread from here; sending waits until no upload or removal is in flight. */
  attachments: ComposerAttachments;
  /** Each new value focuses the input with the caret after its text (a suggestion was picked). */
  focusRequest?: number;
}) {
  const t = useTranslations("composer");
  const tf = useTranslations("files");
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const waitForFiles = attachments.uploading || attachments.removing;
  const canSend = !busy && value.trim().length > 0 && !waitForFiles;

  // Text typed before hydration lives only in the DOM: adopt it.
  useEffect(() => {
    const typed = textareaRef.current?.value;
    if (typed && !value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, []);

  useEffect(() => {
    const el = textareaRef.current;
    if (!focusRequest || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [focusRequest]);

  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [value]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSubmit(value.trim());
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an IME is composing (Chinese input) confirms the candidate, never sends.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (!enterSends()) return;
    event.preventDefault();
    submit();
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = pastedFiles(event.clipboardData);
    if (!files.length) return;
    event.preventDefault();
    attachments.add(files);
  }

  return (
    <form
      onSubmit={submit}
      className="rounded-[26px] border border-border bg-card p-2 shadow-(--shadow-composer) transition-colors focus-within:border-input"
      data-testid="composer"
    >
      {attachments.items.length > 0 && (
        <div className="flex flex-wrap gap-1.5 px-1 pt-1 pb-1.5" data-testid="attachment-list">
          {attachments.items.map((item) => (
            <AttachmentChip key={item.id} item={item} onRemove={() => void attachments.remove(item.id)} />
          ))}
        </div>
      )}
      <label htmlFor="composer-input" className="sr-only">
        {t("label")}
      </label>
      <textarea
        id="composer-input"
        ref={textareaRef}
        rows={1}
        autoFocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={t("placeholder")}
        className="block max-h-60 min-h-11 w-full resize-none bg-transparent px-3 pt-2.5 pb-1 text-[15px] leading-6 outline-none placeholder:text-muted-foreground/80"
        data-testid="composer-input"
      />
      <div className="flex items-center justify-between gap-2 pt-1">
        <div className="flex min-w-0 items-center gap-0.5">
          <AttachButton onFiles={attachments.add} />
          <ModelPicker value={modelSpec} onChange={onModelChange} />
          <CoordinatorToggle on={coordinator} onChange={onCoordinatorChange} />
        </div>
        <div className="flex items-center gap-1.5">
          <ContextRing context={context} />
          {busy ? (
            <button
              type="button"
              onClick={onStop}
              disabled={stopping}
              aria-label={stopping ? t("stopping") : t("stop")}
              title={stopping ? t("stopping") : t("stop")}
              className="flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground transition-opacity hover:opacity-85 disabled:opacity-60"
              data-testid="stop-button"
            >
              {stopping ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Square className="size-3.5 fill-current" aria-hidden />
              )}
            </button>
          ) : (
            <button
              type="submit"
              disabled={!canSend}
              aria-label={waitForFiles ? tf("waitForUploads") : t("send")}
              title={waitForFiles ? tf("waitForUploads") : t("send")}
              className={cn(
                "flex size-9 items-center justify-center rounded-full transition-colors",
                canSend ? "bg-primary text-primary-foreground hover:opacity-85" : "bg-muted text-muted-foreground",
              )}
              data-testid="send-button"
            >
              <ArrowUp className="size-[18px]" strokeWidth={2.25} aria-hidden />
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
