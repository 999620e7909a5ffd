import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import ErrorPage from "./error";

function render(locale: "en" | "zh-CN", error: unknown): string {
  const page = createElement(ErrorPage, { error, retry: () => {} });
  const messages = locale === "en" ? en : zh;
  return renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- the provider's props type requires `children` in a .ts file
    createElement(NextIntlClientProvider, { locale, timeZone: "UTC", messages, children: page }),
  );
}

describe("app/error.tsx", () => {
  it("shows a readable, translated message with retry and a way back, never a blank page", () => {
    const html = render("en", Object.assign(new Error("db down"), { digest: "1234567" }));
    expect(html).toContain('data-testid="error-page"');
    expect(html).toContain(en.statusPages.error.title);
    expect(html).toContain(en.statusPages.error.retry);
    expect(html).toContain('href="/"');
    // The server log's reference, not the error's message.
    expect(html).toContain("Reference: 1234567");
    expect(html).not.toContain("db down");

    const zhHtml = render("zh-CN", new Error("x"));
    expect(zhHtml).toContain(zh.statusPages.error.title);
    expect(zhHtml).toContain(zh.statusPages.back);
  });

  it("leaves the reference out when there is none (a client error, or a thrown non-Error)", () => {
    expect(render("en", new Error("x"))).not.toContain("Reference:");
    expect(render("en", "a string")).toContain(en.statusPages.error.title);
  });
});
