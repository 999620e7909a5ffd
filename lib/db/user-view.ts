import { users } from "./schema";
import { activeLockEnd } from "./login-failures";

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
  /** Until when guesses from some address are locked out (the owner can still sign in from elsewhere). */
  lockedUntil: activeLockEnd(users.username),
  createdAt: users.createdAt,
};
