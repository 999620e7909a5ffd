"use client";

import { Lock } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Sharing } from "@/lib/sharing/types";
import { grantRules, type SharingActor } from "./grant-rules";
import { ScopeEditor, type Directory } from "./scope-editor";
import { isPrivate, SCOPES, updateScope } from "./sharing-state";

/**
 * Who may use (read) and change (manage) a resource: an agent, a skill or a knowledge base. What the actor may not grant is disabled with the reason beside it; when
 * they can grant nothing at all, the resource simply stays private.
 */
export function SharingEditor({
  value,
  onChange,
  actor,
  directory,
}: {
  value: Sharing;
  onChange: (sharing: Sharing) => void;
  actor: SharingActor;
  directory: Directory;
}) {
  const t = useTranslations("sharing");
  const rules = grantRules(actor);
  const canGrantAnything =
    rules.global ||
    (directory.departments ?? []).some((d) => rules.department(d.id)) ||
    (rules.users && (directory.people?.length ?? 0) > 0);

  if (!canGrantAnything && isPrivate(value)) {
    return (
      <div
        className="flex items-start gap-3 rounded-xl border border-border bg-muted/40 p-4"
        data-testid="sharing-private"
      >
        <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="text-sm font-medium">{t("private")}</p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {directory.people === null ? t("privateNoDirectory") : t("privateHint")}
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="sharing-editor">
      {SCOPES.map((name) => (
        <ScopeEditor
          key={name}
          name={name}
          scope={value[name]}
          rules={rules}
          directory={directory}
          onChange={(patch) => onChange(updateScope(value, name, patch))}
        />
      ))}
    </div>
  );
}
