import { SUPPORTED_EXTENSIONS } from "@/lib/kb/parse/formats";

/** The extensions a knowledge base ingests (lib/kb/parse/formats.ts), plus zips of them. */
const KB_UPLOAD_EXTENSIONS = [...SUPPORTED_EXTENSIONS, ".zip"];

export const KB_UPLOAD_ACCEPT = KB_UPLOAD_EXTENSIONS.join(",");

/** The files of a pick or a drop the server would refuse, by name. */
export function unsupportedFiles(files: readonly { name: string }[]): string[] {
  return files
    .map((f) => f.name)
    .filter((name) => !KB_UPLOAD_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)));
}
