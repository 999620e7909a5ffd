import type { Role } from "./roles";

/** The signed-in person a request acts for. Every data-access function that acts for someone takes one. */
export type Actor = {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  departmentId: string | null;
};

export function toActor(user: Actor): Actor {
  const { id, username, displayName, role, departmentId } = user;
  return { id, username, displayName, role, departmentId };
}
