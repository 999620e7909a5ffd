// Fails (exit 1) when files under lib/ import each other in a cycle, listing each cycle.
// Type-only imports count too (transform: false), and so do dynamic imports: a cycle hidden
// behind `await import()` or `import type` is still a loop in the design.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const tree = await parseDependencyTree(["lib/**/*.ts", "lib/**/*.tsx"], {
  context: root,
  tsconfig: path.join(root, "tsconfig.json"),
  transform: false,
  skipDynamicImports: false,
});
const cycles = parseCircular(tree).filter((cycle) => cycle.every((file) => file.startsWith("lib/")));

if (cycles.length === 0) {
  console.log(
    `check-cycles: no import cycle among ${Object.keys(tree).filter((f) => f.startsWith("lib/")).length} files under lib/`,
  );
} else {
  console.error(`check-cycles: ${cycles.length} import cycle(s) under lib/:`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(" -> ")}`);
  process.exit(1);
}
