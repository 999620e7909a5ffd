import { describe, expect, it } from "vitest";
import { formatShare, formatTokens } from "./tokens";

const en = (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat("en", options).format(value);
const zh = (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat("zh-CN", options).format(value);

describe("formatTokens", () => {
  it("is exact below 10 000 and compact with one digit above", () => {
    expect(formatTokens(en, 9_999)).toBe("9,999");
    expect(formatTokens(en, 65_536)).toBe("65.5K");
    expect(formatTokens(en, 1_000_000)).toBe("1M");
    expect(formatTokens(zh, 65_536)).toBe("6.6万");
  });
});

describe("formatShare", () => {
  it("rounds to whole percents and never shows a little use as nothing", () => {
    expect(formatShare(en, 0)).toBe("0%");
    expect(formatShare(en, 0.0004)).toBe("<1%");
    expect(formatShare(en, 0.034)).toBe("3%");
    expect(formatShare(en, 0.655)).toBe("66%");
    expect(formatShare(en, 1.7)).toBe("100%");
    expect(formatShare(zh, 0.002)).toBe("<1%");
  });
});
