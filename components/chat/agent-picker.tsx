"use client";

import { Bot, ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { useBuiltinText } from "@/components/format/builtin-text";
import { DropdownMenu, MenuItem } from "@/components/ui/dropdown-menu";
import { chosenAgent, type AgentOption } from "./use-agents";

/** Chooses the agent of a new conversation; shown only when there is a choice to make. */
export function AgentPicker({
  agents,
  value,
  onChange,
}: {
  agents: AgentOption[];
  value: string | null;
  onChange: (agentId: string) => void;
}) {
  const t = useTranslations("chat");
  const builtin = useBuiltinText();
  const current = chosenAgent(agents, value);
  if (agents.length < 2 || !current) return null;

  return (
    <DropdownMenu
      label={t("agentMenu")}
      className="w-80"
      trigger={
        <button
          type="button"
          className="inline-flex h-8 min-w-0 items-center gap-1.5 rounded-lg px-2 text-[15px] font-medium transition-colors hover:bg-accent aria-expanded:bg-accent"
          data-testid="agent-picker"
        >
          <Bot className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{builtin.agent(current).name}</span>
          <ChevronDown className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        </button>
      }
    >
      {agents.map((agent) => {
        const text = builtin.agent(agent);
        return (
          <MenuItem
            key={agent.id}
            checked={agent.id === current.id}
            onSelect={() => onChange(agent.id)}
            data-testid="agent-option"
          >
            <span className="block truncate font-medium">{text.name}</span>
            {agent.sharedBy && (
              <span className="block truncate text-xs text-muted-foreground" data-testid="agent-option-author">
                {t("agentBy", { name: agent.sharedBy })}
              </span>
            )}
            {text.description && <span className="line-clamp-2 text-xs text-muted-foreground">{text.description}</span>}
          </MenuItem>
        );
      })}
    </DropdownMenu>
  );
}
