/**
 * Client view of `GET /api/agents/config-schema`. Kinds and groups are plain strings here:
 * the server may add new ones before the form knows how to draw them.
 */
/** `origin`: something Meridian ships, whose texts the form shows in the user's language. */
export type ConfigOption = {
  value: string;
  label: string;
  description?: string;
  origin?: { kind: "skill"; slug: string } | { kind: "agent"; id: string };
};

export type ConfigFieldView = {
  key: string;
  kind: string;
  optionsSource?: string;
  adminOnly?: boolean;
  group: string;
  default: unknown;
  /** JSON Schema of the field (type, bounds, enum, nullability). */
  schema: unknown;
};

export type ConfigSchemaResponse = {
  fields: ConfigFieldView[];
  options: Record<string, ConfigOption[]>;
};

export type ConfigValues = Record<string, unknown>;

/** What every field renderer receives. `onError` reports inline validation (null = valid). */
export type FieldRendererProps = {
  field: ConfigFieldView;
  value: unknown;
  options: ConfigOption[];
  /** Id of the control (the field's label points at it) and of the label itself. */
  id: string;
  labelId: string;
  describedBy: string;
  /** Placeholder text from the catalog, when it has one for this key. */
  placeholder?: string;
  invalid: boolean;
  onChange: (value: unknown) => void;
  onError: (message: string | null) => void;
};
