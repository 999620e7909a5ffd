import type { agentView } from "@/lib/agent/config/agent-view";
import type { Role } from "../types";

/** An agent as `GET /api/agents?manage=1` returns it to this actor (`sharing` only to who manages it). */
export type ManagedAgent = ReturnType<typeof agentView>;

/** Who is looking at the agents screen. */
export type AgentsActor = { id: string; role: Role; departmentId: string | null };
