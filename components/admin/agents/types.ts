import type { Sharing } from "@/lib/sharing/types";
import type { Role } from "../types";

/** An agent as `GET /api/agents?manage=1` returns it to this actor. */
export type ManagedAgent = {
  id: string;
  slug: string;
  name: string;
  description: string;
  isSubagent: boolean;
  isDefault: boolean;
  ownerId: string | null;
  access: "read" | "manage";
  config: Record<string, unknown>;
  /** Only present when the actor manages the agent (or is an admin). */
  sharing?: Sharing;
  updatedAt: string;
};

/** Who is looking at the agents screen. */
export type AgentsActor = { id: string; role: Role; departmentId: string | null };
