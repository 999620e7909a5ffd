"use client";

import { useFormatter } from "next-intl";
import { useCallback } from "react";

/** Token counts: exact below 10 000, compact above ("12.3K", "1.2万"). */
export function useTokenFormat() {
  const format = useFormatter();
  return useCallback(
    (value: number) =>
      value < 10_000 ? format.number(value) : format.number(value, { notation: "compact", maximumFractionDigits: 1 }),
    [format],
  );
}
