import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import type { RunDisplayStatus } from "@/components/chat/live-run";
import { TokenUsageCard } from "./token-usage-card";

const emptyText = (awaitingUsage: boolean, runStatus: RunDisplayStatus) => {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <TokenUsageCard usage={null} awaitingUsage={awaitingUsage} runStatus={runStatus} />
    </NextIntlClientProvider>,
  );
  return /data-testid="usage-empty">([^<]*)</.exec(html)?.[1];
};

describe("TokenUsageCard without usage", () => {
  it("says what happened to the run rather than 'yet' once it has ended", () => {
    expect(emptyText(true, "running")).toBe("Waiting for the first model reply…");
    expect(emptyText(false, "idle")).toBe("No model calls in this run yet.");
    expect(emptyText(false, "cancelled")).toBe("Stopped before the model reported any usage.");
    expect(emptyText(false, "completed")).toBe("The model reported no usage for this run.");
  });
});
