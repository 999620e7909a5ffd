/** Client-side shapes of the organisation API (docs/API.md, /api/admin/users and departments). */

export type Role = "superadmin" | "admin" | "user";

export type AdminUser = {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  departmentId: string | null;
  disabled: boolean;
  lockedUntil: string | null;
  createdAt: string;
};

export type Department = {
  id: string;
  name: string;
  description: string;
  userCount: number;
  createdAt: string;
};

/** The signed-in administrator looking at the screens. */
export type Viewer = { id: string; role: Role; departmentId: string | null };
