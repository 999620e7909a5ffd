/** What the account routes answer (lib/db/account.ts), as JSON. */
export type AccountProfile = {
  id: string;
  username: string;
  displayName: string;
  role: "superadmin" | "admin" | "user";
  department: { id: string; name: string } | null;
  createdAt: string;
};

export type AccountSession = {
  id: string;
  userAgent: string | null;
  createdAt: string;
  expiresAt: string;
  current: boolean;
};
