import type { NumberBounds } from "./json-schema";

export type NumberProblem =
  | { code: "required" }
  | { code: "notNumber" }
  | { code: "integer" }
  | { code: "min"; limit: number }
  | { code: "max"; limit: number };

export type NumberParse = { ok: true; value: number | null } | { ok: false; problem: NumberProblem };

/** What a number box's text means under the field's bounds; empty is null only for nullable fields. */
export function parseNumberInput(text: string, bounds: NumberBounds, nullable = false): NumberParse {
  const trimmed = text.trim();
  if (trimmed === "") return nullable ? { ok: true, value: null } : { ok: false, problem: { code: "required" } };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, problem: { code: "notNumber" } };
  if (bounds.integer && !Number.isInteger(value)) return { ok: false, problem: { code: "integer" } };
  if (bounds.min !== undefined && (bounds.exclusiveMin ? value <= bounds.min : value < bounds.min)) {
    return { ok: false, problem: { code: "min", limit: bounds.min } };
  }
  if (bounds.max !== undefined && (bounds.exclusiveMax ? value >= bounds.max : value > bounds.max)) {
    return { ok: false, problem: { code: "max", limit: bounds.max } };
  }
  return { ok: true, value };
}

/** The text a stored value shows as. */
export function numberText(value: unknown): string {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}
