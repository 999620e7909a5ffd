"use client";

import { Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { SharingSummary } from "@/components/sharing/sharing-summary";
import { AccessBadge, DefaultBadge, TypeBadge } from "./agent-badges";
import { RowAction } from "./row-action";
import type { ManagedAgent } from "./types";
import { useBuiltinText } from "@/components/format/builtin-text";

/** Agents and subagents the actor can see, with what they may do to each. */
export function AgentTable({
  agents,
  departmentName,
  onEdit,
  onDelete,
}: {
  agents: ManagedAgent[];
  departmentName: (id: string) => string | undefined;
  onEdit: (agent: ManagedAgent) => void;
  onDelete: (agent: ManagedAgent) => void;
}) {
  const t = useTranslations("agents.list");
  const builtin = useBuiltinText();
  const head = "px-4 py-2.5 text-left text-xs font-medium text-muted-foreground";

  return (
    <table className="w-full table-fixed text-sm" data-testid="agent-table">
      <thead className="border-b border-border bg-muted/40">
        <tr>
          <th className={head}>{t("columns.name")}</th>
          <th className={`${head} hidden w-28 sm:table-cell`}>{t("columns.type")}</th>
          <th className={`${head} hidden w-28 md:table-cell`}>{t("columns.access")}</th>
          <th className={`${head} hidden w-[30%] lg:table-cell`}>{t("columns.sharedWith")}</th>
          <th className={`${head} w-20`}>
            <span className="sr-only">{t("columns.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {agents.map((agent) => {
          const readOnly = agent.access !== "manage";
          const text = builtin.agent(agent);
          return (
            <tr
              key={agent.id}
              className="align-top transition-colors hover:bg-muted/30"
              data-testid="agent-row"
              data-slug={agent.slug}
            >
              <td className="px-4 py-3">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium" data-testid="agent-row-name">
                    {text.name}
                  </span>
                  {agent.isDefault && <DefaultBadge />}
                </div>
                <div className="truncate font-mono text-xs text-muted-foreground">{agent.slug}</div>
                {text.description && (
                  <div className="mt-0.5 line-clamp-1 text-xs text-muted-foreground">{text.description}</div>
                )}
                <div className="mt-1.5 flex flex-wrap gap-1.5 sm:hidden">
                  <TypeBadge agent={agent} compact />
                  <AccessBadge agent={agent} compact />
                </div>
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <TypeBadge agent={agent} />
              </td>
              <td className="hidden px-4 py-3 md:table-cell">
                <AccessBadge agent={agent} />
              </td>
              <td className="hidden px-4 py-3 lg:table-cell">
                <SharingSummary sharing={agent.sharing} departmentName={departmentName} />
              </td>
              <td className="px-2 py-2.5">
                <div className="flex justify-end gap-0.5">
                  <RowAction
                    label={t("edit")}
                    icon={<Pencil />}
                    blockedReason={readOnly ? t("readOnly") : null}
                    onClick={() => onEdit(agent)}
                    data-testid="agent-edit"
                  />
                  <RowAction
                    label={t("delete")}
                    icon={<Trash2 />}
                    danger
                    side="top-end"
                    blockedReason={agent.isDefault ? t("defaultUndeletable") : readOnly ? t("readOnly") : null}
                    onClick={() => onDelete(agent)}
                    data-testid="agent-delete"
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
