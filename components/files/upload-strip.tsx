"use client";

import { cn } from "@/components/ui/cn";
import { LoaderCircle, UploadCloud, X, type LucideIcon } from "lucide-react";
import { useRef } from "react";

type UploadStripTexts = {
  title: string;
  hint: string;
  dropNow: string;
  dismiss: string;
};

type Props = {
  texts: UploadStripTexts;
  /** The input's `accept` list, e.g. ".zip,application/zip". */
  accept: string;
  multiple?: boolean;
  dragging: boolean;
  /** While an upload runs: what the strip says, which also names the progress bar, and how far it is (0..1). */
  upload: { label: string; progress: number } | null;
  /** The last upload's refusal, shown until dismissed: a headline and the reason in the server's words. */
  refusal: { title: string; reason: string } | null;
  refusalIcon: LucideIcon;
  testIds: { zone: string; input: string; refusal: string; refusalMessage?: string };
  onPick: (files: File[]) => void;
  onDismiss: () => void;
};

/** A dashed strip to click (file picker) or drop onto, the upload's progress, and a refusal until it is dismissed. */
export function UploadStrip({
  texts,
  accept,
  multiple = false,
  dragging,
  upload,
  refusal,
  refusalIcon: RefusalIcon,
  testIds,
  onPick,
  onDismiss,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const percent = upload ? Math.round(upload.progress * 100) : 0;

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload !== null}
        className={cn(
          "flex w-full items-center gap-3 rounded-2xl border border-dashed px-4 py-3.5 text-left transition-colors",
          dragging ? "border-brand bg-brand-soft/60" : "border-border bg-card hover:border-brand/50 hover:bg-muted/40",
        )}
        data-testid={testIds.zone}
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
          {upload ? (
            <LoaderCircle className="size-4 animate-spin text-brand" aria-hidden />
          ) : (
            <UploadCloud className="size-4" aria-hidden />
          )}
        </span>
        <span className="min-w-0 flex-1">
          {upload ? (
            <>
              <span className="block truncate text-sm font-medium">{upload.label}</span>
              <span
                role="progressbar"
                aria-label={upload.label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-1.5 block h-1 overflow-hidden rounded-full bg-muted"
              >
                <span
                  className="block h-full rounded-full bg-brand transition-[width]"
                  style={{ width: `${percent}%` }}
                />
              </span>
            </>
          ) : (
            <>
              <span className="block text-sm font-medium">{dragging ? texts.dropNow : texts.title}</span>
              <span className="block text-xs text-muted-foreground">{texts.hint}</span>
            </>
          )}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={texts.title}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onPick(files);
        }}
        data-testid={testIds.input}
      />
      {refusal && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-3 text-sm"
          data-testid={testIds.refusal}
        >
          <RefusalIcon className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-danger">{refusal.title}</p>
            <p className="mt-0.5 break-words text-foreground/80" data-testid={testIds.refusalMessage}>
              {refusal.reason}
            </p>
          </div>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={texts.dismiss}
            className="rounded-md p-1 text-muted-foreground hover:bg-background/60 hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
