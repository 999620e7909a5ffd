import { users } from "./schema";

/** The columns that make an Actor: who is acting, never the password hash. */
export const actorColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  role: users.role,
  departmentId: users.departmentId,
};

/** The safe projection of a user row (UserView in users.ts): the actor plus account state. */
export const userView = {
  ...actorColumns,
  disabled: users.disabled,
  lockedUntil: users.lockedUntil,
  createdAt: users.createdAt,
};
