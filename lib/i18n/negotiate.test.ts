import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "./negotiate";

describe("localeFromAcceptLanguage", () => {
  it("falls back to English without a header", () => {
    expect(localeFromAcceptLanguage(null)).toBe("en");
    expect(localeFromAcceptLanguage("")).toBe("en");
  });

  it("maps every Chinese variant to zh-CN", () => {
    expect(localeFromAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("zh-TW")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("zh")).toBe("zh-CN");
  });

  it("honours q-weights over order", () => {
    expect(localeFromAcceptLanguage("zh;q=0.5, en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("fr, zh;q=0.8, en;q=0.7")).toBe("zh-CN");
  });

  it("ignores unsupported languages and q=0", () => {
    expect(localeFromAcceptLanguage("fr-FR, de")).toBe("en");
    expect(localeFromAcceptLanguage("zh;q=0, en")).toBe("en");
  });
});
