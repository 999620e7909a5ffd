// The floors of lib/, bottom first (docs/ARCHITECTURE.md, "Layers"): a folder may import the
// folders below it. An import from a folder to one above it "runs back up"; two folders that
// import each other are a mutual pair. scripts/check-cycles.mjs measures both on every `npm test`.
export const LAYERS = [
  ["errors", "config", "i18n", "patterns", "http"],
  ["identity", "redis", "shims"],
  ["sharing"],
  ["workspace"],
  ["db"],
  ["auth"],
  ["files", "jobs"],
  ["models"],
  ["skills", "memory", "kb"],
  ["agent"],
  ["coordinator", "mcp"],
  ["runs"],
  ["api", "demo-model"],
  ["bootstrap"],
  ["testing"],
];

/**
 * Pairs of folders allowed to import each other, each with its reason in docs/ARCHITECTURE.md:
 * none. A pair not listed fails the check, and so does a listed pair that no longer imports
 * both ways, so the list stays true.
 */
export const KNOWN_MUTUAL = [];

/** Folder imports that run back up, at most: none. */
export const UPWARD_BUDGET = 0;
