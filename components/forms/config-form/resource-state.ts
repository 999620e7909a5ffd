import { isNullable } from "./json-schema";
import type { ConfigFieldView } from "./types";

/**
 * A resource field (`tools`, `skills`, ...) as the tri-state control shows it. Stored values:
 * null = everything the user may access, [] = none, list = allow-list (order kept).
 * For subagents null and [] both mean "all visible subagents", so there is no "none" state.
 */
export type ResourceMode = "all" | "none" | "selected";
export type ResourceState = { mode: ResourceMode; selected: string[] };

/**
 * Sources whose empty list means "all", not "none": `subagents: []` runs with every visible
 * subagent (lib/agent/runtime/prepare-context.ts).
 */
const EMPTY_MEANS_ALL = new Set(["subagents"]);

export function emptyMeansAll(field: Pick<ConfigFieldView, "optionsSource">): boolean {
  return EMPTY_MEANS_ALL.has(field.optionsSource ?? "");
}

/** The modes a field offers: "all" needs a nullable schema (or empty-means-all); "none" must mean none. */
export function resourceModes(field: Pick<ConfigFieldView, "optionsSource" | "schema">): ResourceMode[] {
  const all = emptyMeansAll(field) || isNullable(field.schema);
  const none = !emptyMeansAll(field);
  return [...(all ? (["all"] as const) : []), ...(none ? (["none"] as const) : []), "selected"];
}

const unique = (values: string[]) => [...new Set(values)];

export function toResourceState(
  field: Pick<ConfigFieldView, "optionsSource" | "schema">,
  value: unknown,
): ResourceState {
  const modes = resourceModes(field);
  if (!Array.isArray(value)) return { mode: modes[0], selected: [] };
  const selected = unique(value.filter((v): v is string => typeof v === "string" && v !== ""));
  if (selected.length > 0) return { mode: "selected", selected };
  return { mode: emptyMeansAll(field) ? "all" : "none", selected: [] };
}

/** The stored value of a control state; "selected" with nothing chosen stores [] (none, or all for subagents). */
export function fromResourceState(
  field: Pick<ConfigFieldView, "optionsSource" | "schema">,
  state: ResourceState,
): string[] | null {
  if (state.mode === "selected") return [...state.selected];
  if (state.mode === "none") return [];
  return isNullable(field.schema) ? null : [];
}

/** Adds a value at the end of the selection or removes it; the rest keeps its order. */
export function toggleSelected(state: ResourceState, value: string): ResourceState {
  const selected = state.selected.includes(value)
    ? state.selected.filter((v) => v !== value)
    : [...state.selected, value];
  return { mode: "selected", selected };
}

/** Switching mode keeps the list, so going back to "selected" restores it. */
export function withMode(state: ResourceState, mode: ResourceMode): ResourceState {
  return { ...state, mode };
}
