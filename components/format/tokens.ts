"use client";

import { useFormatter } from "next-intl";
import { useCallback } from "react";

/** The options these formatters use; narrow enough for both Intl and next-intl's formatter. */
type Options = Pick<Intl.NumberFormatOptions, "notation" | "style" | "maximumFractionDigits">;
type NumberFormat = (value: number, options?: Options) => string;

/**
 * Token counts, the same everywhere (ring, panel, picker, notes): exact below 10 000,
 * compact with one digit above ("65.5K", "6.6万").
 */
export function formatTokens(number: NumberFormat, value: number): string {
  return value < 10_000 ? number(value) : number(value, { notation: "compact", maximumFractionDigits: 1 });
}

/**
 * A share of a whole as a whole percent; anything above zero but under 1 % reads "<1%", so a
 * little use never shows as nothing.
 */
export function formatShare(number: NumberFormat, ratio: number): string {
  const clamped = Math.min(Math.max(ratio, 0), 1);
  if (clamped > 0 && clamped < 0.01) return `<${number(0.01, { style: "percent" })}`;
  return number(clamped, { style: "percent", maximumFractionDigits: 0 });
}

export function useTokenFormat() {
  const format = useFormatter();
  return useCallback((value: number) => formatTokens((v, o) => format.number(v, o), value), [format]);
}

export function useShareFormat() {
  const format = useFormatter();
  return useCallback((ratio: number) => formatShare((v, o) => format.number(v, o), ratio), [format]);
}
