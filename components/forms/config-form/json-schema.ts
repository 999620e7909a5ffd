/** Reads the few JSON Schema facts the form needs out of a field's schema (zod's toJSONSchema output). */

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  maxLength?: number;
};

const asSchema = (value: unknown): Schema => (value && typeof value === "object" ? (value as Schema) : {});

/** The schema and its anyOf/oneOf branches, flattened. */
function branches(schema: unknown): Schema[] {
  const s = asSchema(schema);
  return [s, ...(s.anyOf ?? []).flatMap(branches), ...(s.oneOf ?? []).flatMap(branches)];
}

function types(schema: unknown): string[] {
  return branches(schema).flatMap((b) => (Array.isArray(b.type) ? b.type : b.type ? [b.type] : []));
}

export function isNullable(schema: unknown): boolean {
  return types(schema).includes("null") || branches(schema).some((b) => b.enum?.includes(null));
}

/** The allowed values of an enum field, as strings (null left out: the form offers it separately). */
export function enumValues(schema: unknown): string[] {
  const values = branches(schema).flatMap((b) => b.enum ?? []);
  return [
    ...new Set(values.filter((v): v is string | number => typeof v === "string" || typeof v === "number").map(String)),
  ];
}

export type NumberBounds = {
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
  integer: boolean;
};

export function numberBounds(schema: unknown): NumberBounds {
  const numeric = branches(schema).find(
    (b) =>
      b.type === "integer" ||
      b.type === "number" ||
      (Array.isArray(b.type) && (b.type.includes("integer") || b.type.includes("number"))),
  );
  const s = numeric ?? {};
  const integer = types(schema).includes("integer") || s.multipleOf === 1;
  const bounds: NumberBounds = { integer };
  if (typeof s.minimum === "number") bounds.min = s.minimum;
  else if (typeof s.exclusiveMinimum === "number")
    Object.assign(bounds, { min: s.exclusiveMinimum, exclusiveMin: true });
  if (typeof s.maximum === "number") bounds.max = s.maximum;
  else if (typeof s.exclusiveMaximum === "number")
    Object.assign(bounds, { max: s.exclusiveMaximum, exclusiveMax: true });
  return bounds;
}

export function maxLength(schema: unknown): number | undefined {
  return branches(schema).find((b) => typeof b.maxLength === "number")?.maxLength;
}
