import { AsyncLocalStorageProviderSingleton, _CONTEXT_VARIABLES_KEY } from "@langchain/core/singletons";

/** Where LangChain keeps a runnable's config on the context it stores (async_local_storage/index.js). */
const LC_CHILD_KEY = Symbol.for("lc:child_config");
const TRACING_ENV = ["LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING_V2", "LANGSMITH_TRACING", "LANGCHAIN_TRACING"];

type Provider = typeof AsyncLocalStorageProviderSingleton;
type RunWithConfig = Provider["runWithConfig"];
type Handler = { name?: string };

const tracingFromEnv = () => TRACING_ENV.some((name) => process.env[name] === "true");

/** A LangSmith tracer among the config's callbacks (an array of handlers or a manager). */
function hasTracer(callbacks: unknown): boolean {
  const handlers = Array.isArray(callbacks) ? callbacks : (callbacks as { handlers?: unknown } | undefined)?.handlers;
  return Array.isArray(handlers) && handlers.some((h: Handler) => h?.name === "langchain_tracer");
}

/** Marks a provider already wrapped: this module may be evaluated more than once (route bundles, test files). */
const INSTALLED = Symbol.for("meridian.lightRunContext");

/**
 * LangChain runs every graph node, channel write and runnable inside `runWithConfig`, which, when
 * nothing traces, builds a callback manager (to look for a tracer) and a LangSmith RunTree with
 * tracing off (a UUIDv7, date strings, environment lookups) only to carry the config on the
 * async context: ~0.7 ms of CPU a chat turn, ~45 of them, the largest single item of LangChain's
 * per-turn cost (bench/RESULTS.md). Without a tracer (none in the environment, none in
 * the callbacks) this carries the same config on a plain object instead, which every reader
 * (`getConfig()`, interrupts, `getRunnableConfig`) reads the same way: a disabled RunTree there
 * and no RunTree there both mean "not tracing" to the callback managers. With a tracer, LangChain's
 * own code runs unchanged. Idempotent.
 */
export function installLightRunContext(provider: Provider = AsyncLocalStorageProviderSingleton): void {
  const marked = provider as Provider & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  const original: RunWithConfig = provider.runWithConfig.bind(provider);
  provider.runWithConfig = function runWithConfig(config, callback, avoidCreatingRootRunTree) {
    if (tracingFromEnv() || hasTracer(config?.callbacks)) return original(config, callback, avoidCreatingRootRunTree);
    const storage = provider.getInstance();
    const previous = storage.getStore() as Record<PropertyKey, unknown> | undefined;
    let store: Record<PropertyKey, unknown> | undefined = avoidCreatingRootRunTree
      ? undefined
      : { extra: { [LC_CHILD_KEY]: config } };
    if (previous !== undefined && previous[_CONTEXT_VARIABLES_KEY] !== undefined) {
      store ??= {};
      store[_CONTEXT_VARIABLES_KEY] = previous[_CONTEXT_VARIABLES_KEY];
    }
    return storage.run(store, callback);
  } as RunWithConfig;
}
