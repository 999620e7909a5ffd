import type { FieldRendererProps } from "./types";

/** A field of a kind this form does not know yet: shown, not editable, and sent back unchanged. */
export function JsonPreviewField({ field, value, id, describedBy }: FieldRendererProps) {
  return (
    <pre
      id={id}
      tabIndex={0}
      aria-describedby={describedBy}
      aria-readonly
      className="max-h-48 overflow-auto rounded-xl border border-dashed border-border bg-muted/50 px-3 py-2 font-mono text-xs text-muted-foreground"
      data-testid={`config-field-${field.key}`}
      data-readonly="true"
    >
      {JSON.stringify(value ?? null, null, 2)}
    </pre>
  );
}
