"use client";

import { useCallback, useState } from "react";
import { useModels } from "@/components/shell/models-context";

const LAST_KEY = "meridian.model.last";
const threadKey = (threadId: string) => `meridian.model.${threadId}`;

function read(key: string): string | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled; the choice then lasts for this page only.
  }
}

/**
 * The model spec for a thread: the one chosen in it before (localStorage), else the one the
 * thread last ran with, else the last one chosen anywhere (new chats only), else the
 * server's default — the first of these that is still offered.
 */
export function useModelChoice(threadId: string, threadSpec?: string | null) {
  const { models, defaultSpec } = useModels();
  const [chosen, setChosen] = useState<string | null>(() => read(threadKey(threadId)));
  const [lastUsed] = useState<string | null>(() => (threadSpec === undefined ? read(LAST_KEY) : null));

  const offered = (spec: string | null | undefined): spec is string =>
    !!spec && models.some((model) => model.spec === spec);
  const spec = [chosen, threadSpec, lastUsed, defaultSpec, models[0]?.spec].find(offered) ?? null;

  const choose = useCallback(
    (next: string) => {
      setChosen(next);
      write(threadKey(threadId), next);
      write(LAST_KEY, next);
    },
    [threadId],
  );

  /** Remembers the spec for the thread once a message was sent with it. */
  const remember = useCallback((value: string | null) => value && write(threadKey(threadId), value), [threadId]);

  return { spec, choose, remember };
}
