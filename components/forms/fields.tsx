import { cn } from "@/components/ui/cn";
import { AlertCircle } from "lucide-react";
import { useId, type ComponentProps, type ReactNode } from "react";

/** Labelled form controls for dialogs and settings forms, in the look of the login form. */

export const controlClass =
  "h-10 w-full rounded-xl border border-input bg-background px-3 text-sm outline-none transition-shadow placeholder:text-muted-foreground/70 focus:border-ring focus:ring-4 focus:ring-ring/15 disabled:cursor-not-allowed disabled:opacity-60";

type FieldText = {
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong with the value, shown under the control. */ error?: string | null;
};

/** What a control points at with aria-describedby: its error, which takes the hint's place, or its hint. */
function describedBy(id: string, { hint, error }: FieldText): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

function Field({ id, label, hint, error, children }: FieldText & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-xs text-danger" data-testid="field-error">
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

const invalidClass = "border-danger focus:border-danger focus:ring-danger/15";

export function TextField({ label, hint, error, className, ...props }: ComponentProps<"input"> & FieldText) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
        className={cn(controlClass, error && invalidClass, className)}
        {...props}
      />
    </Field>
  );
}

export function TextAreaField({ label, hint, error, className, ...props }: ComponentProps<"textarea"> & FieldText) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
        className={cn(controlClass, "h-auto resize-y py-2 leading-relaxed", error && invalidClass, className)}
        {...props}
      />
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  options,
  className,
  ...props
}: ComponentProps<"select"> & { label: ReactNode; hint?: ReactNode; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint}>
      <select id={id} className={cn(controlClass, "pr-8", className)} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function FormError({ message, ...rest }: { message: string | null; "data-testid"?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-danger/25 bg-danger-soft px-3 py-2.5 text-sm text-danger"
      data-testid={rest["data-testid"]}
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
