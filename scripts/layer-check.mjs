// The folders of lib/ measured against their floors (scripts/layers.mjs), from a dependency tree
// as dpdm gives it ({file: [{id}]}): arrows between folders from product files (a test may reach
// anywhere it needs), the pairs that import each other, and the imports that run back up.

const folderOf = (file) => file.split("/")[1].replace(/\.tsx?$/, "");

/** What the check finds; `problems` is empty when the code keeps to its floors. */
export function measureLayers(tree, { layers, knownMutual, upwardBudget }) {
  const floorOf = new Map(layers.flatMap((folders, floor) => folders.map((f) => [f, floor])));
  const arrows = new Map(); // "a -> b" -> example imports
  for (const [file, deps] of Object.entries(tree)) {
    if (!file.startsWith("lib/") || /\.test\.tsx?$/.test(file)) continue;
    for (const dep of deps ?? []) {
      if (!dep.id?.startsWith("lib/")) continue;
      const [from, to] = [folderOf(file), folderOf(dep.id)];
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${file} -> ${dep.id}`]);
    }
  }
  const problems = [];
  const folders = new Set([...arrows.keys()].flatMap((k) => k.split(" -> ")));
  for (const folder of folders)
    if (!floorOf.has(folder)) problems.push(`lib/${folder}/ has no floor: add it to LAYERS in scripts/layers.mjs`);

  const mutual = [...arrows.keys()]
    .map((k) => k.split(" -> "))
    .filter(([a, b]) => a < b && arrows.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`);
  for (const pair of mutual)
    if (!knownMutual.includes(pair)) {
      const [a, b] = pair.split(" <-> ");
      const examples = [...arrows.get(`${a} -> ${b}`), ...arrows.get(`${b} -> ${a}`)].slice(0, 4);
      problems.push(`new mutual pair ${pair}: ${examples.join(", ")}`);
    }
  for (const pair of knownMutual)
    if (!mutual.includes(pair)) problems.push(`${pair} no longer import each other: remove it from KNOWN_MUTUAL`);

  const upward = [...arrows.keys()].filter((k) => {
    const [from, to] = k.split(" -> ");
    return floorOf.get(to) > floorOf.get(from);
  });
  if (upward.length > upwardBudget)
    problems.push(
      `${upward.length} folder imports run back up, over the budget of ${upwardBudget}: ${upward
        .map((k) => `${k} (${arrows.get(k)[0]})`)
        .join(", ")}`,
    );
  return { folders, arrows, mutual, upward, problems };
}
