"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/components/api/client";

export type AgentOption = {
  id: string;
  slug: string;
  name: string;
  description: string;
  isDefault: boolean;
  /** The author's name when another user wrote this agent (its instructions are theirs). */
  sharedBy: string | null;
};

/** The agent a new conversation starts with: the one picked, else the default, else the first. */
export function chosenAgent(agents: AgentOption[], id: string | null): AgentOption | undefined {
  return agents.find((agent) => agent.id === id) ?? agents.find((agent) => agent.isDefault) ?? agents[0];
}

let cached: Promise<AgentOption[]> | null = null;

/** Agents the user may chat with (`GET /api/agents`), read once per page load. */
export function useAgents(enabled: boolean): AgentOption[] {
  const [agents, setAgents] = useState<AgentOption[]>([]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    cached ??= apiFetch<AgentOption[]>("/api/agents").catch(() => {
      cached = null; // the picker is optional: without the list, the default agent answers
      return [];
    });
    void cached.then((list) => !cancelled && setAgents(list));
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  return agents;
}

/** After agents are created, changed or deleted: the next picker reads the list again. */
export function forgetAgents(): void {
  cached = null;
}
