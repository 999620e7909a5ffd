import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";
import type { Role } from "./roles";

/**
 * Who may change or delete which account. The superadmin manages everyone but stays the one
 * superadmin; an admin manages only `user` accounts of their own department; nobody changes
 * their own role or disables or deletes themselves.
 */

export type UserChange = {
  displayName?: string;
  role?: Role;
  departmentId?: string | null;
  disabled?: boolean;
  password?: string;
};

export type UserTarget = { id: string; role: Role; departmentId: string | null };

const forbidden = (message: string) => new ApiError("forbidden:user", message);

/** Whether the actor may know this account exists; outside reach the API answers 404. */
export function userInReach(actor: Actor, target: Pick<UserTarget, "departmentId">): boolean {
  if (actor.role === "superadmin") return true;
  if (actor.role !== "admin" || !actor.departmentId) return false;
  return target.departmentId === actor.departmentId;
}

/** Throws 403 forbidden:user when `change` breaks a role rule; a field equal to its current value is no change. */
export function checkUserChange(actor: Actor, target: UserTarget, change: UserChange): void {
  const self = actor.id === target.id;
  const roleChanges = change.role !== undefined && change.role !== target.role;
  const departmentChanges = change.departmentId !== undefined && change.departmentId !== target.departmentId;

  if (actor.role === "user") throw forbidden("Only administrators may manage users.");
  if (self && roleChanges) throw forbidden("Nobody may change their own role.");
  if (self && change.disabled) throw forbidden("You cannot disable your own account.");
  if (target.role === "superadmin" && roleChanges) {
    throw forbidden("The superadmin cannot be demoted: there is always exactly one.");
  }
  if (target.role === "superadmin" && change.disabled) throw forbidden("The superadmin cannot be disabled.");
  if (roleChanges && change.role === "superadmin") {
    throw forbidden("There is exactly one superadmin; nobody else can be made one.");
  }
  if (actor.role === "superadmin") return;

  // An admin: their own name and password, and `user` accounts of their department.
  if (self) {
    if (departmentChanges) throw forbidden("You cannot move yourself to another department.");
    return;
  }
  if (target.role !== "user") throw forbidden("An admin may manage only member accounts of their own department.");
  if (roleChanges) throw forbidden("Only the superadmin may change roles.");
  if (departmentChanges) throw forbidden("An admin may not move users out of their department.");
}

/** Throws 403 forbidden:user when the actor may not delete the account. */
export function checkUserDeletion(actor: Actor, target: UserTarget): void {
  if (actor.role === "user") throw forbidden("Only administrators may manage users.");
  if (target.role === "superadmin") throw forbidden("The superadmin cannot be deleted.");
  if (actor.id === target.id) throw forbidden("You cannot delete your own account.");
  if (actor.role === "admin" && target.role !== "user") {
    throw forbidden("An admin may manage only member accounts of their own department.");
  }
}
