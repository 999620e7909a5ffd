"use client";

import { useTranslations } from "next-intl";
import type { KbDocument } from "./api";

/** Codes that name only the stage: the server's message beneath says what went wrong. */
const GENERIC = new Set(["parse_failed", "index_failed"]);

/** Why a document failed, in the reader's language; the server's message where no code is known. */
export function FailureReason({
  doc,
  className,
}: {
  doc: Pick<KbDocument, "error" | "errorCode">;
  className?: string;
}) {
  const t = useTranslations("kbs.failure");
  const code = doc.errorCode;
  if (!code || !t.has(code)) return doc.error ? <span className={className}>{doc.error}</span> : null;
  return (
    <span className={className}>
      {t(code)}
      {GENERIC.has(code) && doc.error && <span className="mt-0.5 block text-xs opacity-80">{doc.error}</span>}
    </span>
  );
}
