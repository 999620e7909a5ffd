// Fails (exit 1) when files under lib/ import each other in a cycle, listing each cycle; then
// measures the folders of lib/ against their floors (scripts/layers.mjs): mutual pairs of folders
// and imports that run back up. Type-only imports count too (transform: false), and so do dynamic
// imports: a loop hidden behind `await import()` or `import type` is still a loop in the design.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";
import { KNOWN_MUTUAL, LAYERS, UPWARD_BUDGET } from "./layers.mjs";

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

// Folder arrows, from product files only (a test may reach anywhere it needs).
const folderOf = (file) => file.split("/")[1].replace(/\.tsx?$/, "");
const floorOf = new Map(LAYERS.flatMap((folders, floor) => folders.map((f) => [f, floor])));
const arrows = new Map(); // "a -> b" -> example imports
for (const file of files) {
  if (/\.test\.tsx?$/.test(file)) continue;
  for (const dep of tree[file] ?? []) {
    if (!dep.id?.startsWith("lib/")) continue;
    const [from, to] = [folderOf(file), folderOf(dep.id)];
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    arrows.set(key, [...(arrows.get(key) ?? []), `${file} -> ${dep.id}`]);
  }
}
const folders = new Set([...arrows.keys()].flatMap((k) => k.split(" -> ")));
for (const folder of folders)
  if (!floorOf.has(folder)) problems.push(`lib/${folder}/ has no floor: add it to LAYERS in scripts/layers.mjs`);

const mutual = [...arrows.keys()]
  .map((k) => k.split(" -> "))
  .filter(([a, b]) => a < b && arrows.has(`${b} -> ${a}`))
  .map(([a, b]) => `${a} <-> ${b}`);
for (const pair of mutual)
  if (!KNOWN_MUTUAL.includes(pair)) {
    const [a, b] = pair.split(" <-> ");
    problems.push(
      `new mutual pair ${pair}: ${[...arrows.get(`${a} -> ${b}`), ...arrows.get(`${b} -> ${a}`)].slice(0, 4).join(", ")}`,
    );
  }
for (const pair of KNOWN_MUTUAL)
  if (!mutual.includes(pair)) problems.push(`${pair} no longer import each other: remove it from KNOWN_MUTUAL`);

const upward = [...arrows.keys()].filter((k) => {
  const [from, to] = k.split(" -> ");
  return floorOf.get(to) > floorOf.get(from);
});
if (upward.length > UPWARD_BUDGET)
  problems.push(
    `${upward.length} folder imports run back up, over the budget of ${UPWARD_BUDGET}: ${upward.join(", ")}`,
  );

console.log(
  `check-cycles: ${files.length} files under lib/, ${cycles.length} file cycles; ${folders.size} folders, ${arrows.size} folder arrows, ${mutual.length} mutual pairs (${KNOWN_MUTUAL.length} known), ${upward.length} running back up (budget ${UPWARD_BUDGET})`,
);
if (process.argv.includes("--verbose")) for (const k of upward) console.log(`  up: ${k} (${arrows.get(k)[0]})`);
if (problems.length > 0) {
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
