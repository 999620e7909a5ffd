import type { ReactNode } from "react";
import { LogoMark } from "@/components/brand/logo";

type Props = {
  icon: ReactNode;
  title: string;
  description: string;
  backLabel: string;
  /** Further actions beside "back" (the error page's retry). */
  actions?: ReactNode;
  details?: ReactNode;
  testId: string;
};

/** A whole-page message (forbidden, not found, error) in the app's look, with a way back. */
export function StatusPage({ icon, title, description, backLabel, actions, details, testId }: Props) {
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center bg-background px-6 text-center text-foreground"
      data-testid={testId}
    >
      <LogoMark className="mb-8 size-8 opacity-80" />
      <span className="flex size-12 items-center justify-center rounded-2xl bg-muted [&_svg]:size-5 [&_svg]:text-muted-foreground">
        {icon}
      </span>
      <h1 className="mt-4 text-lg font-semibold">{title}</h1>
      <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{description}</p>
      {details}
      <div className="mt-5 flex flex-wrap items-center justify-center gap-2">
        {actions}
        {/* A full page load: after an error the client router may be the broken part. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load on purpose (see above) */}
        <a
          href="/"
          className="inline-flex h-9 items-center rounded-xl bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
          data-testid={`${testId}-back`}
        >
          {backLabel}
        </a>
      </div>
    </main>
  );
}
