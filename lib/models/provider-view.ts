import type { ProviderModel } from "@/lib/db/schema";
import { decryptSecret } from "@/lib/config/crypto";
import { ENV_PROVIDER_ID, envDefinesProvider } from "./env-provider";

/** A provider as the admin API shows it: the key itself never leaves the server. */
export type ProviderView = {
  id: string;
  name: string;
  baseUrl: string;
  hasKey: boolean;
  /**
   * `sk-…abcd`; null without a key, when the stored key cannot be decrypted (ENCRYPTION_KEY
   * changed), and always for department admins, who read providers but never their keys.
   */
  keyHint: string | null;
  keyUnreadable: boolean;
  models: ProviderModel[];
  requestOverrides: Record<string, unknown>;
  source: "builtin" | "env" | "admin";
  enabled: boolean;
  /** Base URL and key come from the server environment: edit them there. */
  envManaged: boolean;
  createdAt: string;
  updatedAt: string;
};

import type { ProviderRow } from "@/lib/db/providers";

export type { ProviderRow };

/** Enough of a key to recognise it (`sk-…abcd`), never enough to use it. */
function maskApiKey(key: string): string {
  if (key.length < 12) return "••••";
  const prefix = /^[A-Za-z]{2,4}-/.exec(key)?.[0] ?? "";
  return `${prefix}…${key.slice(-4)}`;
}

export function isEnvManaged(id: string): boolean {
  return id === ENV_PROVIDER_ID && envDefinesProvider();
}

export function toProviderView(row: ProviderRow, opts: { keyHint: boolean } = { keyHint: true }): ProviderView {
  let keyHint: string | null = null;
  let keyUnreadable = false;
  if (row.apiKeyEncrypted) {
    try {
      const hint = maskApiKey(decryptSecret(row.apiKeyEncrypted));
      if (opts.keyHint) keyHint = hint;
    } catch {
      keyUnreadable = true;
    }
  }
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    hasKey: row.apiKeyEncrypted !== null,
    keyHint,
    keyUnreadable,
    models: row.models,
    requestOverrides: row.requestOverrides,
    source: row.source,
    enabled: row.enabled,
    envManaged: isEnvManaged(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
