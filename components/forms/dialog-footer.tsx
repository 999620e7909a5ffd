import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormError } from "./fields";

type Props = {
  /** The dialog's form state (useDialogForm): its error, whether it is sending, how to close. */
  form: { error: string | null; pending: boolean; close: () => void };
  cancelLabel: string;
  submitLabel: string;
  /** Blocks submit besides `pending`, e.g. while a field is invalid. */
  invalid?: boolean;
  /** Turns a spinner in the submit button while pending. */
  spinner?: boolean;
  testIds: { error?: string; cancel?: string; submit?: string };
};

/** The end of every dialog form: the error line, then Cancel and the submit button. */
export function DialogFooter({ form, cancelLabel, submitLabel, invalid = false, spinner = false, testIds }: Props) {
  return (
    <>
      <FormError message={form.error} data-testid={testIds.error} />
      <div className="flex justify-end gap-2 pt-1">
        <Button variant="outline" size="sm" onClick={form.close} data-testid={testIds.cancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" size="sm" disabled={form.pending || invalid} data-testid={testIds.submit}>
          {spinner && form.pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
