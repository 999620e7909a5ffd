"use client";

import { LoaderCircle, Pencil, PlugZap } from "lucide-react";
import { useState } from "react";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { DeleteButton } from "@/components/ui/delete-button";
import { IconButton } from "@/components/ui/icon-button";
import { Switch } from "@/components/ui/switch";

/**
 * The calls a card makes, each kind at most once at a time (`running(kind)`), failures toasted;
 * `test` probes the resource and keeps the answer until dismissed.
 */
export function useCardActions<Kind extends string, Result>(probe: () => Promise<Result>) {
  const reportError = useReportError();
  const [running, setRunning] = useState<readonly (Kind | "test")[]>([]);
  const [result, setResult] = useState<Result | null>(null);

  async function act(kind: Kind | "test", work: () => Promise<void>) {
    setRunning((current) => [...current, kind]);
    try {
      await work();
    } catch (error) {
      reportError(error);
    } finally {
      setRunning((current) => current.filter((k) => k !== kind));
    }
  }

  const test = () =>
    act("test", async () => {
      setResult(null);
      setResult(await probe());
    });

  return {
    running: (kind: Kind | "test") => running.includes(kind),
    act,
    result,
    test,
    dismiss: () => setResult(null),
  };
}

type Labels = { test: string; testing: string; edit: string; delete: string; enabled: string };

export function TestButton({
  testing,
  disabled,
  onClick,
  labels,
  testId,
}: {
  testing: boolean;
  disabled: boolean;
  onClick: () => void;
  labels: Labels;
  testId: string;
}) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={disabled} data-testid={testId}>
      {testing ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
      ) : (
        <PlugZap className="size-4" aria-hidden />
      )}
      {testing ? labels.testing : labels.test}
    </Button>
  );
}

/** Edit, delete and the on/off switch of a card the viewer manages; test ids are `<prefix>-edit` etc. */
export function ManageActions({
  labels,
  enabled,
  switching,
  onEdit,
  onDelete,
  onEnabledChange,
  deleteDisabled,
  prefix,
}: {
  labels: Labels;
  enabled: boolean;
  switching: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onEnabledChange: (enabled: boolean) => void;
  deleteDisabled?: boolean;
  prefix: string;
}) {
  return (
    <>
      <IconButton label={labels.edit} icon={<Pencil />} size="sm" onClick={onEdit} data-testid={`${prefix}-edit`} />
      <DeleteButton
        label={labels.delete}
        onClick={onDelete}
        disabled={deleteDisabled}
        data-testid={`${prefix}-delete`}
      />
      <Switch
        checked={enabled}
        onCheckedChange={onEnabledChange}
        disabled={switching}
        label={labels.enabled}
        className="ml-1.5"
        data-testid={`${prefix}-enabled`}
      />
    </>
  );
}
