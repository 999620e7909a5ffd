import type { ComponentType } from "react";
import { JsonPreviewField } from "./json-preview-field";
import { ModelField } from "./model-field";
import { NumberField } from "./number-field";
import { PromptField } from "./prompt-field";
import { ResourceField } from "./resource-field";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";
import type { FieldRendererProps } from "./types";

/** One renderer per field kind of the config schema. */
const RENDERERS: Record<string, ComponentType<FieldRendererProps>> = {
  prompt: PromptField,
  model: ModelField,
  resources: ResourceField,
  select: SelectField,
  number: NumberField,
  text: TextField,
};

/** A kind added on the server before the form learned it is shown read-only instead of breaking the page. */
export function rendererFor(kind: string): ComponentType<FieldRendererProps> {
  return Object.hasOwn(RENDERERS, kind) ? RENDERERS[kind] : JsonPreviewField;
}
