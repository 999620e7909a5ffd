import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RunnableLambda } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton, _CONTEXT_VARIABLES_KEY } from "@langchain/core/singletons";
import { Annotation, getConfig, MemorySaver, StateGraph } from "@langchain/langgraph";
import { installLightRunContext } from "./light-run-context";

const LC_CHILD_KEY = Symbol.for("lc:child_config");
type Provider = typeof AsyncLocalStorageProviderSingleton;

/** A provider like LangChain's, with its own storage and a spy for the original runWithConfig. */
function fakeProvider() {
  const storage = new AsyncLocalStorage<unknown>();
  const original = vi.fn((_config: unknown, callback: () => unknown) => storage.run("original", callback));
  const provider = { getInstance: () => storage, runWithConfig: original } as unknown as Provider;
  installLightRunContext(provider);
  return { provider, storage, original };
}

afterEach(() => vi.unstubAllEnvs());

describe("installLightRunContext", () => {
  it("carries the config on a plain object when nothing traces", () => {
    const { provider, storage, original } = fakeProvider();
    const config = { configurable: { thread_id: "t1" } };
    const store = provider.runWithConfig(config, () => storage.getStore()) as Record<PropertyKey, unknown>;
    expect(original).not.toHaveBeenCalled();
    expect(Object.getPrototypeOf(store)).toBe(Object.prototype);
    expect((store.extra as Record<PropertyKey, unknown>)[LC_CHILD_KEY]).toBe(config);
  });

  it("keeps the context variables of the enclosing context, and stores nothing when asked not to", () => {
    const { provider, storage } = fakeProvider();
    const vars = { tenant: "a" };
    const inner = storage.run({ [_CONTEXT_VARIABLES_KEY]: vars }, () =>
      provider.runWithConfig({}, () => storage.getStore(), true),
    ) as Record<PropertyKey, unknown>;
    expect(inner[_CONTEXT_VARIABLES_KEY]).toBe(vars);
    expect(inner.extra).toBeUndefined();
    expect(provider.runWithConfig({}, () => storage.getStore(), true)).toBeUndefined();
  });

  it("leaves LangChain's own code to run when tracing is on in the environment or a tracer is among the callbacks", () => {
    const { provider, original } = fakeProvider();
    vi.stubEnv("LANGSMITH_TRACING", "true");
    expect(provider.runWithConfig({}, () => "ran")).toBe("ran");
    expect(original).toHaveBeenCalledTimes(1);
    vi.unstubAllEnvs();
    provider.runWithConfig({ callbacks: [{ name: "langchain_tracer" }] } as never, () => 0);
    provider.runWithConfig({ callbacks: { handlers: [{ name: "langchain_tracer" }] } } as never, () => 0);
    expect(original).toHaveBeenCalledTimes(3);
    provider.runWithConfig({ callbacks: [{ name: "other" }] } as never, () => 0);
    expect(original).toHaveBeenCalledTimes(3);
  });

  it("wraps a provider once, however often this module is loaded and installed", async () => {
    const { provider } = fakeProvider();
    const wrapped = provider.runWithConfig;
    installLightRunContext(provider);
    expect(provider.runWithConfig).toBe(wrapped);
    // A second copy of this module (a route bundle, another test file) finds the mark too.
    vi.resetModules();
    const again = await import("./light-run-context");
    again.installLightRunContext(provider);
    expect(provider.runWithConfig).toBe(wrapped);
  });

  it("installed on LangChain: runnables and graph nodes read their config, and no RunTree is built", async () => {
    installLightRunContext();
    const stored: unknown[] = [];
    const lambda = RunnableLambda.from(() => {
      stored.push(AsyncLocalStorageProviderSingleton.getInstance().getStore());
      return AsyncLocalStorageProviderSingleton.getRunnableConfig()?.configurable?.marker;
    });
    expect(await lambda.invoke(null, { configurable: { marker: "m1" } })).toBe("m1");

    const State = Annotation.Root({ seen: Annotation<string> });
    const graph = new StateGraph(State)
      .addNode("read", async () => {
        stored.push(AsyncLocalStorageProviderSingleton.getInstance().getStore());
        return { seen: String(getConfig().configurable?.thread_id) };
      })
      .addEdge("__start__", "read")
      .compile({ checkpointer: new MemorySaver() });
    expect(await graph.invoke({ seen: "" }, { configurable: { thread_id: "thread-7" } })).toEqual({ seen: "thread-7" });
    expect(stored.length).toBe(2);
    // A plain object, not LangChain's RunTree (its own class, from the langsmith copy it depends on).
    for (const store of stored) expect(Object.getPrototypeOf(store)).toBe(Object.prototype);
  });
});
