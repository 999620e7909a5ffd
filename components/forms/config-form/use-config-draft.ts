"use client";

import { useCallback, useMemo, useState } from "react";
import { configPayload, initialValues } from "./sections";
import type { ConfigSchemaResponse, ConfigValues } from "./types";

export type ConfigDraft = {
  values: ConfigValues;
  errors: Record<string, string | null>;
  setValue: (key: string, value: unknown) => void;
  setError: (key: string, message: string | null) => void;
  valid: boolean;
  /** The config to send: only the fields this actor was shown. */
  payload: () => ConfigValues;
};

/** The editable state of a generated config form, seeded from a stored config or the defaults. */
export function useConfigDraft(schema: ConfigSchemaResponse, config: ConfigValues | undefined): ConfigDraft {
  const [values, setValues] = useState(() => initialValues(schema.fields, config));
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const setValue = useCallback((key: string, value: unknown) => setValues((v) => ({ ...v, [key]: value })), []);
  const setError = useCallback(
    (key: string, message: string | null) => setErrors((e) => (e[key] === message ? e : { ...e, [key]: message })),
    [],
  );
  const valid = useMemo(() => Object.values(errors).every((e) => !e), [errors]);
  const payload = useCallback(() => configPayload(schema.fields, values), [schema.fields, values]);
  return { values, errors, setValue, setError, valid, payload };
}
