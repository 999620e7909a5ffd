/** Client-side shapes of /api/tokens (docs/API.md). */

export type ApiToken = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
};

export type CreatedApiToken = { id: string; name: string; token: string; prefix: string; expiresAt: string | null };
