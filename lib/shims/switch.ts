/** The shims lib/shims/README.md lists, by the name MERIDIAN_SHIMS_OFF takes. */
export type ShimName = "light-run-context" | "pooled-random-values" | "combine-hooks";

/**
 * Whether a shim runs: `MERIDIAN_SHIMS_OFF` lists shims to leave out (comma-separated, or `all`),
 * so the library's own code runs instead, to compare behaviour or figures after an upgrade.
 */
export function shimOn(name: ShimName, env: Record<string, string | undefined> = process.env): boolean {
  const off = (env.MERIDIAN_SHIMS_OFF ?? "").split(",").map((s) => s.trim());
  return !off.includes("all") && !off.includes(name);
}
