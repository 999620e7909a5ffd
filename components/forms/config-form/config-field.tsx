"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { rendererFor } from "./renderers";
import type { ConfigFieldView, ConfigOption } from "./types";
import { useFieldText } from "./use-field-text";

/** One field: its label, help and inline error around the renderer of its kind. */
export function ConfigField({
  field,
  value,
  options,
  error,
  onChange,
  onError,
}: {
  field: ConfigFieldView;
  value: unknown;
  options: ConfigOption[];
  error: string | null;
  onChange: (value: unknown) => void;
  onError: (message: string | null) => void;
}) {
  const t = useTranslations("agents.form");
  const text = useFieldText().field(field.key);
  const id = useId();
  const Renderer = rendererFor(field.kind);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;

  return (
    <div className="space-y-1.5" data-field={field.key} data-kind={field.kind}>
      <div className="flex flex-wrap items-center gap-2">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
          {text.label}
        </label>
        {field.adminOnly && (
          <span
            className="rounded-md bg-muted px-1.5 py-0.5 text-[11px] font-medium text-muted-foreground"
            title={t("adminOnlyHint")}
          >
            {t("adminOnly")}
          </span>
        )}
      </div>
      {/* eslint-disable-next-line react-hooks/static-components -- a lookup in a fixed module-level table, not a component made per render */}
      <Renderer
        field={field}
        value={value}
        options={options}
        id={id}
        labelId={`${id}-label`}
        describedBy={error ? `${errorId} ${helpId}` : helpId}
        placeholder={text.placeholder}
        invalid={error !== null}
        onChange={onChange}
        onError={onError}
      />
      {error && (
        <p
          id={errorId}
          className="text-xs font-medium text-danger"
          role="alert"
          data-testid={`config-error-${field.key}`}
        >
          {error}
        </p>
      )}
      {text.help && (
        <p id={helpId} className="text-xs leading-relaxed text-muted-foreground">
          {text.help}
        </p>
      )}
    </div>
  );
}
