import path from "node:path";
import { VIRTUAL } from "./paths";

/** Limits on virtual paths the agent sends: generous for real use, refusing the pathological. */
const MAX_PATH_LENGTH = 1024;
const MAX_SEGMENT_BYTES = 255;

type VirtualMount = "user-data" | "skills";
export type ParsedVirtualPath = {
  mount: VirtualMount;
  /** Relative POSIX path inside the mount ("" = the mount root). */ rel: string;
  virtual: string;
};

export class PathRefused extends Error {
  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(`Path refused: ${reason}`);
    this.name = "PathRefused";
  }
}

const MOUNTS: [string, VirtualMount][] = [
  [VIRTUAL.userData, "user-data"],
  [VIRTUAL.skills, "skills"],
];

/**
 * Validates a path an agent (or a client) names and maps it to a mount. Refused: anything not
 * absolute under /home/gem/user-data or /home/gem/skills, `..` segments (even ones that would
 * normalise back inside), NUL and control characters, backslashes, over-long paths or names.
 * Nothing is decoded: `%2e%2e` is a literal, harmless file name.
 */
export function parseVirtualPath(input: string): ParsedVirtualPath {
  if (typeof input !== "string" || input.length === 0) throw new PathRefused(String(input), "empty path");
  if (input.length > MAX_PATH_LENGTH)
    throw new PathRefused(input.slice(0, 80), `longer than ${MAX_PATH_LENGTH} characters`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(input))
    throw new PathRefused(input, "control characters (such as NUL) are not allowed");
  if (input.includes("\\")) throw new PathRefused(input, "use forward slashes; backslashes are not allowed");
  if (!input.startsWith("/")) throw new PathRefused(input, `use an absolute path under ${VIRTUAL.userData}/`);
  const segments = input.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) throw new PathRefused(input, '".." is not allowed');
  for (const s of segments) {
    if (Buffer.byteLength(s) > MAX_SEGMENT_BYTES)
      throw new PathRefused(input, `a name is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  const normalized = "/" + segments.join("/");
  for (const [prefix, mount] of MOUNTS) {
    if (normalized === prefix || normalized.startsWith(prefix + "/")) {
      const rel = path.posix.relative(prefix, normalized);
      return { mount, rel, virtual: normalized };
    }
  }
  throw new PathRefused(input, `outside the workspace; use ${VIRTUAL.userData}/ (or read ${VIRTUAL.skills}/)`);
}
