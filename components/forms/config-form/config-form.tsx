"use client";

import { FormSection } from "@/components/forms/form-section";
import { ConfigField } from "./config-field";
import { useLocalisedOptions } from "./localised-options";
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
  const options = useLocalisedOptions(schema.options);
  return (
    <>
      {groupFields(schema.fields).map((section) => {
        const group = text.group(section.group);
        return (
          <FormSection
            key={section.group}
            id={`config-group-${section.group}`}
            title={group.title}
            description={group.description}
            bodyClassName="space-y-5"
          >
            {section.fields.map((field) => (
              <ConfigField
                key={field.key}
                field={field}
                value={draft.values[field.key]}
                options={field.optionsSource ? (options[field.optionsSource] ?? []) : []}
                error={draft.errors[field.key] ?? null}
                onChange={(value) => draft.setValue(field.key, value)}
                onError={(message) => draft.setError(field.key, message)}
              />
            ))}
          </FormSection>
        );
      })}
    </>
  );
}
