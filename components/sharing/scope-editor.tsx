"use client";

import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import type { ShareScope } from "@/lib/sharing/types";
import { CheckList, type CheckOption } from "@/components/forms/check-list";
import { Switch } from "@/components/ui/switch";
import type { GrantRules } from "./grant-rules";
import { toggleId, type ScopeName } from "./sharing-state";

export type Directory = {
  /** null: this actor has no list of departments (or people) to choose from. */
  departments: { id: string; name: string }[] | null;
  people: { id: string; name: string; detail?: string }[] | null;
};

function Row({ title, reason, children }: { title: string; reason?: string | null; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      {children}
      {reason && <p className="text-xs text-muted-foreground/90">{reason}</p>}
    </div>
  );
}

/**
 * Options of a list: the directory's, plus ids already shared that the directory does not
 * know (so they can be removed). What the actor may not grant cannot be turned on, only off.
 */
function listOptions(
  known: { id: string; name: string; detail?: string }[],
  chosen: string[],
  allowed: (id: string) => boolean,
  unknownLabel: (id: string) => string,
): CheckOption[] {
  const ids = new Set(known.map((k) => k.id));
  return [
    ...known.map((k) => ({
      value: k.id,
      label: k.name,
      description: k.detail,
      disabled: !allowed(k.id) && !chosen.includes(k.id),
    })),
    ...chosen.filter((id) => !ids.has(id)).map((id) => ({ value: id, label: unknownLabel(id) })),
  ];
}

/** One scope (use, or edit): everyone, departments, named people. */
export function ScopeEditor({
  name,
  scope,
  rules,
  directory,
  onChange,
}: {
  name: ScopeName;
  scope: ShareScope;
  rules: GrantRules;
  directory: Directory;
  onChange: (patch: Partial<ShareScope>) => void;
}) {
  const t = useTranslations("sharing");
  const titleId = useId();
  const unknown = (id: string) => t("unknownEntry", { id: id.slice(0, 8) });
  const departments = listOptions(directory.departments ?? [], scope.departmentIds, rules.department, unknown);
  const people = listOptions(directory.people ?? [], scope.userIds, () => rules.users, unknown);

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl bg-muted/50 p-4"
      data-testid={`sharing-${name}`}
    >
      <div>
        <h3 id={titleId} className="text-sm font-medium">
          {t(`scopes.${name}.title`)}
        </h3>
        <p className="text-xs text-muted-foreground">{t(`scopes.${name}.description`)}</p>
      </div>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm">{t("everyone")}</p>
          <p className="text-xs text-muted-foreground">
            {rules.globalReason ? t(`reasons.${rules.globalReason}`) : t("everyoneHint")}
          </p>
        </div>
        <Switch
          checked={scope.global}
          onCheckedChange={(global) => onChange({ global })}
          disabled={!rules.global && !scope.global}
          label={t("everyone")}
          size="sm"
          data-testid={`sharing-${name}-global`}
        />
      </div>
      <Row title={t("departments")} reason={rules.departmentReason && t(`reasons.${rules.departmentReason}`)}>
        <CheckList
          options={departments}
          selected={scope.departmentIds}
          onToggle={(id) => onChange({ departmentIds: toggleId(scope.departmentIds, id) })}
          label={t("departments")}
          filterLabel={t("filter")}
          empty={directory.departments ? t("noDepartments") : t("noDirectory")}
          data-testid={`sharing-${name}-department`}
        />
      </Row>
      <Row title={t("people")} reason={directory.people === null ? t("reasons.noPeopleList") : null}>
        <CheckList
          options={people}
          selected={scope.userIds}
          onToggle={(id) => onChange({ userIds: toggleId(scope.userIds, id) })}
          label={t("people")}
          filterLabel={t("filter")}
          empty={directory.people ? t("noPeople") : t("noDirectory")}
          data-testid={`sharing-${name}-users`}
        />
      </Row>
    </div>
  );
}
