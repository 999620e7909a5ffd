"use client";

import { useFormatter } from "next-intl";
import { useCallback } from "react";

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** Formats a byte count in the user's locale: "512B", "1.4 MB" (bytes narrow: "short" spells "byte"). */
export function useFileSize() {
  const format = useFormatter();
  return useCallback(
    (bytes: number) => {
      let value = Math.max(0, bytes);
      let unit = 0;
      while (value >= 1024 && unit < UNITS.length - 1) {
        value /= 1024;
        unit += 1;
      }
      return format.number(value, {
        style: "unit",
        unit: UNITS[unit],
        unitDisplay: unit === 0 ? "narrow" : "short",
        maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
      });
    },
    [format],
  );
}
