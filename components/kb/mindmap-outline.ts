import type { KbMindmapNode } from "./api";

/**
 * The mind map as the tree view walks it: each topic with a key (its path of child indexes,
 * "0" for the root, "0.2.1" below), its level, and whether it is the topic that names a
 * document. Which topics are open, and where the arrow keys go, are worked out here.
 */

export type OutlineItem = {
  key: string;
  node: KbMindmapNode;
  /** 1 for the root, as aria-level counts. */
  level: number;
  parentKey: string | null;
  children: OutlineItem[];
  /** It points at a document its parent does not point at, so it shows the file's name. */
  namesDocument: boolean;
};

/** Maps this small are shown fully opened; larger ones show their first two levels. */
const OPEN_ALL_UP_TO = 60;

export function outlineOf(root: KbMindmapNode): OutlineItem {
  const build = (node: KbMindmapNode, key: string, parent: OutlineItem | null): OutlineItem => {
    const item: OutlineItem = {
      key,
      node,
      level: parent ? parent.level + 1 : 1,
      parentKey: parent?.key ?? null,
      children: [],
      namesDocument: node.docId !== undefined && node.docId !== parent?.node.docId,
    };
    item.children = (node.children ?? []).map((child, i) => build(child, `${key}.${i}`, item));
    return item;
  };
  return build(root, "0", null);
}

/** Every topic, or with `expanded` only those not hidden under a closed one, in reading order. */
export function flatten(root: OutlineItem, expanded?: ReadonlySet<string>): OutlineItem[] {
  const out: OutlineItem[] = [];
  const walk = (item: OutlineItem) => {
    out.push(item);
    if (!expanded || expanded.has(item.key)) item.children.forEach(walk);
  };
  walk(root);
  return out;
}

export function initiallyExpanded(root: OutlineItem): Set<string> {
  const small = flatten(root).length <= OPEN_ALL_UP_TO;
  return new Set([...allExpanded(root)].filter((key) => small || key.split(".").length <= 2));
}

/** Every topic that has children. */
export function allExpanded(root: OutlineItem): Set<string> {
  return new Set(
    flatten(root)
      .filter((item) => item.children.length > 0)
      .map((item) => item.key),
  );
}

/** "Collapse all" keeps the root open, so the first level of topics still shows. */
export const ROOT_ONLY: ReadonlySet<string> = new Set(["0"]);

/** `key` if it is shown, else the nearest shown topic above it. */
export function shownKey(visible: OutlineItem[], key: string): string {
  for (let k: string | null = key; k; k = k.includes(".") ? k.slice(0, k.lastIndexOf(".")) : null)
    if (visible.some((item) => item.key === k)) return k;
  return visible[0]?.key ?? "0";
}

export type TreeMove = { focus: string } | { expand: string } | { collapse: string } | null;

/** What an arrow, Home or End key does on the focused topic (the WAI-ARIA tree view pattern). */
export function treeKeyMove(
  visible: OutlineItem[],
  expanded: ReadonlySet<string>,
  active: string,
  key: string,
): TreeMove {
  const index = visible.findIndex((item) => item.key === active);
  if (index < 0) return null;
  const item = visible[index];
  const open = item.children.length > 0 && expanded.has(item.key);
  switch (key) {
    case "ArrowDown":
      return index + 1 < visible.length ? { focus: visible[index + 1].key } : null;
    case "ArrowUp":
      return index > 0 ? { focus: visible[index - 1].key } : null;
    case "Home":
      return { focus: visible[0].key };
    case "End":
      return { focus: visible[visible.length - 1].key };
    case "ArrowRight":
      if (item.children.length === 0) return null;
      return open ? { focus: item.children[0].key } : { expand: item.key };
    case "ArrowLeft":
      if (open) return { collapse: item.key };
      return item.parentKey ? { focus: item.parentKey } : null;
    default:
      return null;
  }
}
