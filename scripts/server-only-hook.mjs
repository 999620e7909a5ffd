import { register } from "node:module";

/**
 * `import "server-only"` marks modules that only the server may run (lib/db/client.ts and the
 * like): Next.js resolves it to an empty module on the server and fails the build when a client
 * component imports it. Outside Next.js (tsx scripts and benches) the package's default export
 * throws, so this preload resolves that one specifier the way Next.js's server does, with the
 * `react-server` condition; every other package resolves as before.
 *   tsx --import ./scripts/server-only-hook.mjs bench/run.ts
 * A preload, not an import at the top of a script: ES modules resolve their whole import graph
 * before any of them runs, so a hook registered from inside the graph would come too late.
 */
const hook = `export function resolve(specifier, context, next) {
  if (specifier !== "server-only") return next(specifier, context);
  return next(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
