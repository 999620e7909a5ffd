"use client";

import { ErrorView } from "@/components/status/error-view";

/** Any page's render error, shown inside the root layout (translations and theme still work). */
export default function Error({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView digest={digestOf(error)} onRetry={retry} />;
}

function digestOf(error: unknown): string | undefined {
  return error instanceof Object && "digest" in error && typeof error.digest === "string" ? error.digest : undefined;
}
