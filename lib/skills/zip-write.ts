import { zipSync, type Zippable } from "fflate";

/** A skill as a zip: its files inside one folder named after the slug, so the zip re-imports as the same skill. */
export function skillZip(slug: string, files: Map<string, Uint8Array>): Uint8Array {
  const tree: Zippable = {};
  for (const [rel, data] of files) tree[`${slug}/${rel}`] = data;
  return zipSync(tree, { level: 6 });
}
