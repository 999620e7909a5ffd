import type { ConfigFieldView, ConfigValues } from "./types";

/** Sections in the order the form shows them; groups the server adds later follow, as they come. */
const GROUP_ORDER = ["basics", "resources", "behaviour", "summary"];

export type ConfigSection = { group: string; fields: ConfigFieldView[] };

export function groupFields(fields: ConfigFieldView[]): ConfigSection[] {
  const groups = [...new Set([...GROUP_ORDER, ...fields.map((f) => f.group)])];
  return groups
    .map((group) => ({ group, fields: fields.filter((f) => f.group === group) }))
    .filter((section) => section.fields.length > 0);
}

/** The form's starting values: the stored config where it has a value, the field default elsewhere. */
export function initialValues(fields: ConfigFieldView[], config: ConfigValues | undefined): ConfigValues {
  return Object.fromEntries(
    fields.map((f) => [f.key, config && config[f.key] !== undefined ? config[f.key] : f.default]),
  );
}

/** Only the fields this actor was shown go back to the server (admin-only fields stay untouched). */
export function configPayload(fields: ConfigFieldView[], values: ConfigValues): ConfigValues {
  return Object.fromEntries(fields.filter((f) => f.key in values).map((f) => [f.key, values[f.key]]));
}
