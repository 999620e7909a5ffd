import type { LoggedRequest } from "@/lib/demo-model/request-log";
import type { ScriptOptions, ScriptStatus } from "@/lib/demo-model/scripts";
import type { Turn } from "@/lib/demo-model/turns";

export type MockClient = {
  /** Registers (replaces) the turns of `key`; `options.rejectImages` makes it refuse image input. */
  script(key: string, turns: Turn[], options?: ScriptOptions): Promise<void>;
  removeScript(key: string): Promise<boolean>;
  scripts(): Promise<ScriptStatus[]>;
  /** The request log, all of it or one script's. */
  requests(key?: string): Promise<LoggedRequest[]>;
  reset(): Promise<void>;
};

/**
 * Drives a standalone mock server's control API. Accepts the server's root URL or its
 * OpenAI base URL (…/v1), whichever the test has at hand.
 */
export function mockClient(baseUrl: string): MockClient {
  const root = baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${root}/__mock${path}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`mock-llm ${method} /__mock${path} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  return {
    async script(key, turns, options) {
      await call("POST", "/scripts", options ? { key, turns, options } : { key, turns });
    },
    async removeScript(key) {
      return (await call<{ deleted: boolean }>("DELETE", `/scripts/${encodeURIComponent(key)}`)).deleted;
    },
    scripts: () => call<ScriptStatus[]>("GET", "/scripts"),
    requests: (key) =>
      call<LoggedRequest[]>("GET", key === undefined ? "/requests" : `/requests?key=${encodeURIComponent(key)}`),
    async reset() {
      await call("POST", "/reset");
    },
  };
}

/** The marker that routes a request to script `key` when placed in a system or user message. */
export function scriptMarker(key: string): string {
  return `[[mock:${key}]]`;
}
