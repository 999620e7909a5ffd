"use client";

import { ConfigField } from "./config-field";
import { groupFields } from "./sections";
import type { ConfigDraft } from "./use-config-draft";
import type { ConfigSchemaResponse } from "./types";
import { useFieldText } from "./use-field-text";

/**
 * The agent config form, generated from `GET /api/agents/config-schema`: one section per group,
 * one control per field chosen by its kind. Fields the server leaves out (admin-only ones for
 * members) are simply not there.
 */
export function ConfigForm({ schema, draft }: { schema: ConfigSchemaResponse; draft: ConfigDraft }) {
  const text = useFieldText();
  return (
    <>
      {groupFields(schema.fields).map((section) => {
        const group = text.group(section.group);
        return (
          <section
            key={section.group}
            id={`config-group-${section.group}`}
            className="scroll-mt-16 rounded-2xl border border-border bg-card p-4 sm:p-5"
            data-testid={`config-group-${section.group}`}
          >
            <h2 tabIndex={-1} className="text-sm font-semibold outline-none">
              {group.title}
            </h2>
            {group.description && <p className="mt-0.5 text-xs text-muted-foreground">{group.description}</p>}
            <div className="mt-4 space-y-5">
              {section.fields.map((field) => (
                <ConfigField
                  key={field.key}
                  field={field}
                  value={draft.values[field.key]}
                  options={field.optionsSource ? (schema.options[field.optionsSource] ?? []) : []}
                  error={draft.errors[field.key] ?? null}
                  onChange={(value) => draft.setValue(field.key, value)}
                  onError={(message) => draft.setError(field.key, message)}
                />
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}
