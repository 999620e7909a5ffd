// The floors of lib/, bottom first (docs/ARCHITECTURE.md, "Layers"): a folder may import the
// folders below it. An import from a folder to one above it "runs back up"; two folders that
// import each other are a mutual pair. scripts/check-cycles.mjs measures both on every `npm test`.
export const LAYERS = [
  ["errors", "config", "i18n", "patterns", "http"],
  ["identity", "redis", "runtime"],
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
  ["api"],
  ["bootstrap", "org"],
  ["testing"],
];

/**
 * Mutual pairs still to be removed (issue 43). A pair not listed fails the check; a listed pair
 * that no longer imports both ways fails too, so the list only shrinks.
 */
export const KNOWN_MUTUAL = ["agent <-> db"];

/** Folder pairs whose imports run back up, at most (issue 43's goal: 5). */
export const UPWARD_BUDGET = 1;
