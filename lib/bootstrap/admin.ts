import crypto from "node:crypto";
import { createSuperadmin, superadminExists } from "@/lib/db/users";
import { passwordSchema } from "@/lib/identity/password";

/**
 * First start: create the one superadmin from ADMIN_USERNAME / ADMIN_PASSWORD. Without them the
 * username is `admin` and a generated password is printed once, here, and stored only as a hash.
 * Later starts find the superadmin and do nothing.
 */
export async function ensureSuperadmin(
  env: Record<string, string | undefined> = process.env,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  if (await superadminExists()) return;
  const username = env.ADMIN_USERNAME?.trim() || "admin";
  const given = env.ADMIN_PASSWORD;
  if (given !== undefined && given !== "") {
    const check = passwordSchema.safeParse(given);
    if (!check.success) throw new Error(`ADMIN_PASSWORD is not usable: ${check.error.issues[0]?.message}`);
  }
  const password = given || crypto.randomBytes(18).toString("base64url");
  const created = await createSuperadmin({ username, password, displayName: "Administrator" });
  if (!created) return;
  if (given) {
    print(`[meridian] Created the superadmin "${username}" from ADMIN_USERNAME / ADMIN_PASSWORD.\n`);
  } else {
    print(passwordBox(username, password));
  }
}

export function passwordBox(username: string, password: string): string {
  const lines = [
    "Meridian: the superadmin account was created.",
    "",
    `  username: ${username}`,
    `  password: ${password}`,
    "",
    "This password is shown only this once: keep it somewhere safe.",
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = "═".repeat(width + 2);
  const body = lines.map((l) => `║ ${l.padEnd(width)} ║`).join("\n");
  return `\n╔${bar}╗\n${body}\n╚${bar}╝\n\n`;
}
