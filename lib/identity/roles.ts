/** The three roles, most powerful first; kept apart from the database schema so forms can import them. */
export const ROLES = ["superadmin", "admin", "user"] as const;
export type Role = (typeof ROLES)[number];

/** An admin of a department, or the superadmin. */
export const isAdminRole = (role: Role) => role === "admin" || role === "superadmin";
