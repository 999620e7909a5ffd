import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "./client";
import { departments, users } from "./schema";
import { isUniqueViolation } from "./pg-errors";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";

export type DepartmentView = {
  id: string;
  name: string;
  description: string;
  userCount: number;
  createdAt: Date;
};

export type DepartmentInput = { name: string; description?: string };

/** Departments with their member counts; callers add the filter and order. */
function selectDepartments(db: Db) {
  return db
    .select({
      id: departments.id,
      name: departments.name,
      description: departments.description,
      userCount: sql<number>`count(${users.id})::int`,
      createdAt: departments.createdAt,
    })
    .from(departments)
    .leftJoin(users, eq(users.departmentId, departments.id))
    .groupBy(departments.id)
    .$dynamic();
}

const notFound = () => new ApiError("not_found:department", "This department does not exist.");

function requireSuperadmin(actor: Actor): void {
  if (actor.role !== "superadmin") {
    throw new ApiError("forbidden:department", "Only the superadmin may create, rename or delete departments.");
  }
}

/** superadmin: every department; admin: only their own; user: not allowed. */
export async function listDepartments(actor: Actor): Promise<DepartmentView[]> {
  if (actor.role === "superadmin") {
    return selectDepartments(await getDb()).orderBy(asc(departments.name));
  }
  if (actor.role === "admin") {
    if (!actor.departmentId) return [];
    return selectDepartments(await getDb()).where(eq(departments.id, actor.departmentId));
  }
  throw new ApiError("forbidden:department", "You may not list departments.");
}

/** The department if the actor may see it; 404 otherwise, so other departments stay unseen. */
export async function getDepartmentInReach(actor: Actor, id: string): Promise<DepartmentView> {
  const visible = actor.role === "superadmin" || (actor.role === "admin" && actor.departmentId === id);
  if (!visible) throw notFound();
  const [row] = await selectDepartments(await getDb()).where(eq(departments.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createDepartment(actor: Actor, input: DepartmentInput): Promise<DepartmentView> {
  requireSuperadmin(actor);
  const db = await getDb();
  const id = crypto.randomUUID();
  await withNameConflict(input.name, () =>
    db.insert(departments).values({ id, name: input.name, description: input.description ?? "" }),
  );
  return getDepartmentInReach(actor, id);
}

export async function updateDepartment(
  actor: Actor,
  id: string,
  input: Partial<DepartmentInput>,
): Promise<DepartmentView> {
  await getDepartmentInReach(actor, id);
  requireSuperadmin(actor);
  if (input.name === undefined && input.description === undefined) return getDepartmentInReach(actor, id);
  const db = await getDb();
  await withNameConflict(input.name, () => db.update(departments).set(input).where(eq(departments.id, id)));
  return getDepartmentInReach(actor, id);
}

/**
 * Refuses (409) while the department has members, in one statement so a member added a moment
 * earlier is still counted: the foreign key would otherwise silently detach them.
 */
export async function deleteDepartment(actor: Actor, id: string): Promise<void> {
  const existing = await getDepartmentInReach(actor, id);
  requireSuperadmin(actor);
  const db = await getDb();
  const noMembers = sql`not exists (select 1 from ${users} where ${users.departmentId} = ${id})`;
  const deleted = await db
    .delete(departments)
    .where(and(eq(departments.id, id), noMembers))
    .returning({ id: departments.id });
  if (deleted.length > 0) return;
  const [{ members } = { members: 0 }] = await db
    .select({ members: count() })
    .from(users)
    .where(eq(users.departmentId, id));
  if (members === 0) throw notFound(); // deleted concurrently
  throw new ApiError(
    "conflict:department",
    `"${existing.name}" still has ${members} ${members === 1 ? "user" : "users"}. Move them to another department or delete them first.`,
  );
}

async function withNameConflict<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError("conflict:department", `A department named "${name}" already exists.`);
    }
    throw err;
  }
}
