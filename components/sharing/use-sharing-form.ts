"use client";

import { useEffect, useState } from "react";
import type { Sharing } from "@/lib/sharing/types";
import { loadDirectory } from "@/components/admin/agents/use-editor-data";
import type { AgentsActor } from "@/components/admin/agents/types";
import { useErrorMessage } from "@/components/forms/use-error-message";
import type { Directory } from "./scope-editor";

type Options = {
  actor: AgentsActor;
  /** The sharing as it is stored now: the draft starts from it. */
  saved: Sharing;
  /** Stores the draft; a throw becomes the form's error line. */
  persist: (sharing: Sharing) => Promise<void>;
  /** What to say when the server answers `forbidden:sharing`. */
  forbidden: string;
};

/** The state of a sharing form: the draft, the directory to pick grantees from, and saving it. */
export function useSharingForm({ actor, saved, persist, forbidden }: Options) {
  const errorMessage = useErrorMessage();
  const [sharing, setSharing] = useState<Sharing>(saved);
  const [directory, setDirectory] = useState<Directory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { id, role, departmentId } = actor;

  useEffect(() => {
    let cancelled = false;
    void loadDirectory({ id, role, departmentId }).then((loaded) => !cancelled && setDirectory(loaded));
    return () => {
      cancelled = true;
    };
  }, [id, role, departmentId]);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await persist(sharing);
    } catch (err) {
      setError(errorMessage(err, { "forbidden:sharing": forbidden }));
    } finally {
      setSaving(false);
    }
  }

  return { sharing, setSharing, directory, error, saving, save };
}
