import crypto from "node:crypto";
import { getDb } from "@/lib/db/client";
import { departments, users, type Role } from "@/lib/db/schema";
import { hashPassword } from "@/lib/identity/password";
import { toActor, type Actor } from "@/lib/identity/actor";

/** Test fixtures: users and departments written straight to the (test) database. */

export async function insertTestDepartment(name = `dept-${crypto.randomUUID().slice(0, 8)}`): Promise<string> {
  const db = await getDb();
  const id = crypto.randomUUID();
  await db.insert(departments).values({ id, name });
  return id;
}

export async function insertTestUser(
  opts: { role?: Role; departmentId?: string | null; username?: string; password?: string; disabled?: boolean } = {},
): Promise<Actor & { password: string }> {
  const db = await getDb();
  const password = opts.password ?? "test-password-1";
  const [row] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      username: opts.username ?? `user-${crypto.randomUUID().slice(0, 8)}`,
      displayName: "",
      passwordHash: await hashPassword(password),
      role: opts.role ?? "user",
      departmentId: opts.departmentId ?? null,
      disabled: opts.disabled ?? false,
    })
    .returning();
  return { ...toActor(row!), password };
}
