import type { z } from "zod";
import type { ProviderModel } from "@/lib/db/schema";
import {
  deleteProviderRow,
  findProviderRow,
  insertProviderRow,
  listProviderRows,
  updateProviderRow,
  type ProviderInsert,
} from "@/lib/db/providers";
import { isUniqueViolation } from "@/lib/db/pg-errors";
import { decryptSecret, encryptSecret } from "@/lib/config/crypto";
import { requireRole } from "@/lib/auth/current-user";
import { sameOrigin } from "@/lib/config/credential-origin";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { describeIssues } from "@/lib/errors/field-issues";
import { ENV_PROVIDER_ID } from "./env-provider";
import { invalidateProviderCache } from "./provider-cache";
import {
  createProviderSchema,
  providerModelsSchema,
  updateProviderSchema,
  type CreateProviderInput,
  type UpdateProviderInput,
} from "./provider-schemas";
import { isEnvManaged, toProviderView, type ProviderRow, type ProviderView } from "./provider-view";
import { listRemoteModels, mergeRemoteModels, probeProvider, type ProbeResult } from "./provider-probe";

/**
 * Model providers as the admin screens show them. They serve the whole organisation, so only
 * the superadmin writes them; department admins read the list (no key hints) and test. Keys
 * are encrypted at rest and never returned; every write invalidates the runtime's cache.
 */

export type { ProviderView } from "./provider-view";

/** What the probe needs: the decrypted key stays on the server. */
type ProviderConnection = {
  id: string;
  baseUrl: string;
  apiKey: string | null;
  models: ProviderModel[];
};

function requireProviderReader(actor: Actor): void {
  requireRole(actor, "superadmin", "admin");
}

/** Writes (also a model refresh, which stores what it finds) are the superadmin's alone. */
function requireProviderManager(actor: Actor): void {
  requireProviderReader(actor);
  if (actor.role !== "superadmin") {
    throw new ApiError(
      "forbidden:provider",
      "Model providers serve the whole organisation: only the superadmin may change them.",
    );
  }
}

const viewFor = (actor: Actor) => (row: ProviderRow) => toProviderView(row, { keyHint: actor.role === "superadmin" });

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError("bad_request:provider", describeIssues(result.error, "provider"));
  return result.data;
}

async function findRow(actor: Actor, id: string): Promise<ProviderRow> {
  const row = await findProviderRow(actor, id);
  if (!row) throw new ApiError("not_found:provider", `There is no provider "${id}".`);
  return row;
}

export async function listProviders(actor: Actor): Promise<ProviderView[]> {
  requireProviderReader(actor);
  const rows = await listProviderRows(actor);
  return rows.map(viewFor(actor));
}

export async function getProvider(actor: Actor, id: string): Promise<ProviderView> {
  requireProviderReader(actor);
  return viewFor(actor)(await findRow(actor, id));
}

export async function createProvider(actor: Actor, input: CreateProviderInput): Promise<ProviderView> {
  requireProviderManager(actor);
  const { apiKey, ...fields } = parse(createProviderSchema, input);
  try {
    const row = await insertProviderRow(actor, {
      ...fields,
      apiKeyEncrypted: apiKey ? encryptSecret(apiKey) : null,
      source: "admin",
    });
    return toProviderView(row);
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ApiError("conflict:provider", `A provider with the id "${fields.id}" already exists.`);
    throw err;
  } finally {
    invalidateProviderCache();
  }
}

export async function updateProvider(actor: Actor, id: string, input: UpdateProviderInput): Promise<ProviderView> {
  requireProviderManager(actor);
  const { apiKey, ...fields } = parse(updateProviderSchema, input);
  const current = await findRow(actor, id);
  if (
    isEnvManaged(id) &&
    ((fields.baseUrl !== undefined && fields.baseUrl !== current.baseUrl) || apiKey !== undefined)
  ) {
    throw new ApiError(
      "conflict:provider",
      `The base URL and key of "${id}" come from OPENAI_BASE_URL and OPENAI_API_KEY in the server environment; change them there.`,
    );
  }
  // The stored key was given for the old server: it never follows the provider to another origin.
  const movesOrigin = fields.baseUrl !== undefined && !sameOrigin(fields.baseUrl, current.baseUrl);
  const keyChange =
    apiKey !== undefined
      ? { apiKeyEncrypted: apiKey === null ? null : encryptSecret(apiKey) }
      : movesOrigin
        ? { apiKeyEncrypted: null }
        : {};
  return writeRow(actor, id, { ...fields, ...keyChange });
}

export async function deleteProvider(actor: Actor, id: string): Promise<void> {
  requireProviderManager(actor);
  await findRow(actor, id);
  if (isEnvManaged(id)) {
    throw new ApiError(
      "conflict:provider",
      `"${ENV_PROVIDER_ID}" is defined by OPENAI_BASE_URL / OPENAI_API_KEY in the server environment and would come back at the next start. Remove those variables, or disable the provider instead.`,
    );
  }
  await deleteProviderRow(actor, id);
  invalidateProviderCache();
}

/** "Test connection" on the stored settings: a failed check is a result (200), not an error. Admins may run it: it changes nothing. */
export async function testProvider(actor: Actor, id: string): Promise<ProbeResult> {
  requireProviderReader(actor);
  return probeProvider(await providerConnection(actor, id));
}

/** Fetches the remote model list and adds the new ids, disabled; 502 when the provider fails. */
export async function refreshProviderModels(
  actor: Actor,
  id: string,
): Promise<{ provider: ProviderView; added: string[] }> {
  requireProviderManager(actor);
  const connection = await providerConnection(actor, id);
  const remote = await listRemoteModels(connection);
  if (!remote.ok) throw new ApiError("bad_gateway:provider", remote.error.message);
  const { models, added } = mergeRemoteModels(connection.models, remote.ids);
  const provider = added.length
    ? await writeRow(actor, id, { models: parse(providerModelsSchema, models) })
    : await getProvider(actor, id);
  return { provider, added };
}

async function providerConnection(actor: Actor, id: string): Promise<ProviderConnection> {
  const row = await findRow(actor, id);
  let apiKey: string | null = null;
  if (row.apiKeyEncrypted) {
    try {
      apiKey = decryptSecret(row.apiKeyEncrypted);
    } catch {
      throw new ApiError(
        "conflict:provider",
        `The stored key of "${id}" cannot be decrypted (was ENCRYPTION_KEY changed?). Enter the key again.`,
      );
    }
  }
  return { id: row.id, baseUrl: row.baseUrl, apiKey, models: row.models };
}

async function writeRow(actor: Actor, id: string, values: Partial<ProviderInsert>): Promise<ProviderView> {
  const row = await updateProviderRow(actor, id, { ...values, updatedAt: new Date() });
  invalidateProviderCache();
  if (!row) throw new ApiError("not_found:provider", `There is no provider "${id}".`);
  return toProviderView(row);
}
