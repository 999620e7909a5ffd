export type DependencyTree = Record<string, { id: string | null }[] | null>;

export function measureLayers(
  tree: DependencyTree,
  rules: { layers: string[][]; knownMutual: string[]; upwardBudget: number },
): {
  folders: Set<string>;
  arrows: Map<string, string[]>;
  mutual: string[];
  upward: string[];
  problems: string[];
};
