import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { userView } from "./user-view";
import { getDb } from "./client";
import { users, type Role } from "./schema";
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from "./pg-errors";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";
import { hashPassword } from "@/lib/identity/password";

/** What callers may see of a user: never the password hash. */
export type UserView = Actor & {
  disabled: boolean;
  lockedUntil: Date | null;
  createdAt: Date;
};

export type NewUser = {
  username: string;
  password: string;
  displayName?: string;
  role?: Role;
  departmentId?: string | null;
};

const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

/** For sign-in only: the one lookup that returns the password hash. */
export async function findUserForLogin(username: string) {
  const db = await getDb();
  const [row] = await db
    .select({ ...userView, passwordHash: users.passwordHash })
    .from(users)
    .where(byUsername(username))
    .limit(1);
  return row ?? null;
}

/** The account a session or token belongs to; null when it is gone or disabled. */
export async function findActiveUserById(id: string): Promise<UserView | null> {
  const db = await getDb();
  const [row] = await db
    .select(userView)
    .from(users)
    .where(and(eq(users.id, id), eq(users.disabled, false)))
    .limit(1);
  return row ?? null;
}

/**
 * The names of the users who wrote what the actor was shown (agents shared with them): display
 * name, or username when there is none. Only the given ids, and the actor's own never.
 */
export async function authorNames(actor: Actor, authorIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(authorIds.filter((id): id is string => id !== null && id !== actor.id))];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.displayName || r.username]));
}

/** superadmin: everyone; admin: their own department; user: not allowed. */
export async function listUsers(actor: Actor): Promise<UserView[]> {
  const db = await getDb();
  if (actor.role === "superadmin") {
    return db.select(userView).from(users).orderBy(asc(users.createdAt), asc(users.username));
  }
  if (actor.role === "admin" && actor.departmentId) {
    return db
      .select(userView)
      .from(users)
      .where(eq(users.departmentId, actor.departmentId))
      .orderBy(asc(users.createdAt), asc(users.username));
  }
  throw new ApiError("forbidden:user", "You may not list users.");
}

/**
 * Role rules: a superadmin creates admins and users anywhere; an admin creates only `user`
 * accounts in their own department; nobody creates a second superadmin (see createSuperadmin).
 */
function allowedNewAccount(actor: Actor, input: Pick<NewUser, "role" | "departmentId">) {
  const role = input.role ?? "user";
  if (role === "superadmin") {
    throw new ApiError("forbidden:user", "There is exactly one superadmin; another cannot be created.");
  }
  if (actor.role === "superadmin") {
    return { role, departmentId: input.departmentId ?? null };
  }
  if (actor.role !== "admin") {
    throw new ApiError("forbidden:user", "Only administrators may create users.");
  }
  if (role !== "user") {
    throw new ApiError("forbidden:user", "An admin may create only accounts with the role user.");
  }
  if (!actor.departmentId) {
    throw new ApiError("forbidden:user", "You are not assigned to a department, so you cannot create users.");
  }
  const departmentId = input.departmentId === undefined ? actor.departmentId : input.departmentId;
  if (departmentId !== actor.departmentId) {
    throw new ApiError("forbidden:user", "An admin may create users only in their own department.");
  }
  return { role, departmentId };
}

export async function createUser(actor: Actor, input: NewUser): Promise<UserView> {
  const { role, departmentId } = allowedNewAccount(actor, input);
  return insertUser({ ...input, role, departmentId });
}

/**
 * First-run only: creates the one superadmin. Returns null when one already exists, including
 * when another instance created it a moment earlier (the insert then conflicts and does nothing).
 */
export async function createSuperadmin(input: Omit<NewUser, "role" | "departmentId">): Promise<UserView | null> {
  if (await superadminExists()) return null;
  const db = await getDb();
  const values = await newUserRow({ ...input, role: "superadmin", departmentId: null });
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning(userView);
  if (row) return row;
  if (await superadminExists()) return null;
  throw new ApiError("conflict:user", `The username "${input.username}" is already taken.`);
}

export async function superadminExists(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "superadmin")).limit(1);
  return Boolean(row);
}

async function newUserRow(input: NewUser & { role: Role; departmentId: string | null }) {
  return {
    id: crypto.randomUUID(),
    username: input.username,
    displayName: input.displayName ?? "",
    passwordHash: await hashPassword(input.password),
    role: input.role,
    departmentId: input.departmentId,
  };
}

async function insertUser(input: NewUser & { role: Role; departmentId: string | null }): Promise<UserView> {
  const db = await getDb();
  const values = await newUserRow(input);
  try {
    const [row] = await db.insert(users).values(values).returning(userView);
    return row!;
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === UNIQUE_VIOLATION) {
      throw new ApiError("conflict:user", `The username "${input.username}" is already taken.`);
    }
    if (code === FOREIGN_KEY_VIOLATION) {
      throw new ApiError("bad_request:user", `Department "${input.departmentId}" does not exist.`);
    }
    throw err;
  }
}
