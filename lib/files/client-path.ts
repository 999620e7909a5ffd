import { ApiError } from "@/lib/errors/api-error";
import { parseVirtualPath, PathRefused } from "@/lib/workspace/virtual-path";

/**
 * The virtual path a client names with `?path=`: absolute, or relative to `base`. It must lie
 * inside one of `roots` (the base itself included); anything else is a 400, before any storage
 * is touched. Nothing is URL-decoded here: `%2e%2e` is a literal (harmless) name.
 */
export function resolveClientPath(input: string | undefined, base: string, roots: string[] = [base]): string {
  if (input === undefined || input === "" || input === "." || input === "./") return base;
  const candidate = input.startsWith("/") ? input : `${base}/${input}`;
  let virtual: string;
  try {
    virtual = parseVirtualPath(candidate).virtual;
  } catch (err) {
    if (err instanceof PathRefused) throw new ApiError("bad_request:path", err.message);
    throw err;
  }
  if (!roots.some((root) => virtual === root || virtual.startsWith(`${root}/`))) {
    throw new ApiError("bad_request:path", `Path refused: outside ${base}/`);
  }
  return virtual;
}
