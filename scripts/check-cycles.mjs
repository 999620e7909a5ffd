// Fails (exit 1) when files under lib/ import each other in a cycle, listing each cycle; then
// measures the folders of lib/ against their floors (scripts/layers.mjs): mutual pairs of folders
// and imports that run back up. Type-only imports count too (transform: false), and so do dynamic
// imports: a loop hidden behind `await import()` or `import type` is still a loop in the design.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";
import { KNOWN_MUTUAL, LAYERS, UPWARD_BUDGET } from "./layers.mjs";
import { measureLayers } from "./layer-check.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const tree = await parseDependencyTree(["lib/**/*.ts", "lib/**/*.tsx"], {
  context: root,
  tsconfig: path.join(root, "tsconfig.json"),
  transform: false,
  skipDynamicImports: false,
});
const problems = [];

const cycles = parseCircular(tree).filter((cycle) => cycle.every((file) => file.startsWith("lib/")));
for (const cycle of cycles) problems.push(`file cycle: ${[...cycle, cycle[0]].join(" -> ")}`);
const files = Object.keys(tree).filter((f) => f.startsWith("lib/"));

const {
  folders,
  arrows,
  mutual,
  upward,
  problems: layerProblems,
} = measureLayers(tree, {
  layers: LAYERS,
  knownMutual: KNOWN_MUTUAL,
  upwardBudget: UPWARD_BUDGET,
});
problems.push(...layerProblems);

console.log(
  `check-cycles: ${files.length} files under lib/, ${cycles.length} file cycles; ${folders.size} folders, ${arrows.size} folder arrows, ${mutual.length} mutual pairs (${KNOWN_MUTUAL.length} known), ${upward.length} running back up (budget ${UPWARD_BUDGET})`,
);
if (process.argv.includes("--verbose")) for (const k of upward) console.log(`  up: ${k} (${arrows.get(k)[0]})`);
if (problems.length > 0) {
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
