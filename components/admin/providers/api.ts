import { apiFetch } from "@/components/api/client";
import type { ProviderView } from "@/lib/models/provider-view";
import type { ProbeResult } from "@/lib/models/provider-probe";
import type { ProviderModel } from "@/lib/db/schema";

/** The admin provider routes (app/api/admin/providers), typed for the screen. */

export type { ProviderView, ProbeResult, ProviderModel };

export type ProviderDraft = {
  name?: string;
  baseUrl?: string;
  /** A string replaces the stored key, null removes it, absent keeps it. */
  apiKey?: string | null;
  models?: ProviderModel[];
  requestOverrides?: Record<string, unknown>;
  enabled?: boolean;
};

const BASE = "/api/admin/providers";
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const send = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const providersApi = {
  /** The list, for useApiList. */
  url: BASE,
  create: (draft: ProviderDraft & { id: string; name: string; baseUrl: string }) =>
    apiFetch<ProviderView>(BASE, send("POST", draft)),
  update: (id: string, draft: ProviderDraft) => apiFetch<ProviderView>(at(id), send("PATCH", draft)),
  remove: (id: string) => apiFetch<void>(at(id), send("DELETE")),
  test: (id: string) => apiFetch<ProbeResult>(`${at(id)}/test`, send("POST")),
  refreshModels: (id: string) =>
    apiFetch<{ provider: ProviderView; added: string[] }>(`${at(id)}/models/refresh`, send("POST")),
};
