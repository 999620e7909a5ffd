"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/components/api/client";
import type { ConfigSchemaResponse } from "@/components/forms/config-form/types";
import type { Directory } from "@/components/sharing/scope-editor";
import type { AdminUser, Department } from "../types";
import type { AgentsActor } from "./types";

export type EditorData = { schema: ConfigSchemaResponse; directory: Directory };

/** Admins pick from their departments and people; members have no directory to pick from. */
export async function loadDirectory(actor: AgentsActor): Promise<Directory> {
  if (actor.role === "user") return { departments: null, people: null };
  const [departments, users] = await Promise.all([
    apiFetch<Department[]>("/api/admin/departments").catch(() => null),
    apiFetch<AdminUser[]>("/api/admin/users").catch(() => null),
  ]);
  return {
    departments: departments?.map((d) => ({ id: d.id, name: d.name })) ?? null,
    people:
      users
        ?.filter((u) => u.id !== actor.id && !u.disabled)
        .map((u) => ({ id: u.id, name: u.displayName || u.username, detail: `@${u.username}` })) ?? null,
  };
}

/** The config schema (as this actor may see it) and the sharing directory, loaded once. */
export function useEditorData(actor: AgentsActor): { data: EditorData | null; error: unknown } {
  const [data, setData] = useState<EditorData | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { id, role, departmentId } = actor;

  useEffect(() => {
    let cancelled = false;
    Promise.all([
      apiFetch<ConfigSchemaResponse>("/api/agents/config-schema"),
      loadDirectory({ id, role, departmentId }),
    ])
      .then(([schema, directory]) => !cancelled && setData({ schema, directory }))
      .catch((err: unknown) => !cancelled && setError(err));
    return () => {
      cancelled = true;
    };
  }, [id, role, departmentId]);

  return { data, error };
}
