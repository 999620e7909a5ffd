/**
 * The app's keyboard shortcuts: one table that both the key handler and the help dialog read.
 * `mod` is Cmd on macOS and Ctrl elsewhere. A shortcut without a modifier is ignored while the
 * user types in a field (`whileTyping: false`).
 */
export type ShortcutId = "newChat" | "focusComposer" | "stop" | "search" | "help";

export type Shortcut = {
  id: ShortcutId;
  key: string;
  mod?: boolean;
  shift?: boolean;
  whileTyping: boolean;
  /** Search comes with the history search; until then it is neither handled nor listed. */
  enabled: boolean;
};

export const SHORTCUTS: readonly Shortcut[] = [
  { id: "newChat", key: "o", mod: true, shift: true, whileTyping: true, enabled: true },
  { id: "focusComposer", key: "/", whileTyping: false, enabled: true },
  { id: "stop", key: "Escape", whileTyping: true, enabled: true },
  { id: "search", key: "k", mod: true, whileTyping: true, enabled: false },
  { id: "help", key: "?", whileTyping: false, enabled: true },
];

type KeyEvent = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">;

/** The enabled shortcut a key press means, if any. */
export function shortcutOf(event: KeyEvent, typing: boolean): ShortcutId | null {
  if (event.altKey) return null;
  const mod = event.ctrlKey || event.metaKey;
  for (const shortcut of SHORTCUTS) {
    if (!shortcut.enabled || (typing && !shortcut.whileTyping)) continue;
    if (event.key.toLowerCase() !== shortcut.key.toLowerCase()) continue;
    if (mod !== !!shortcut.mod) continue;
    // "?" and "/" are what the layout types; Shift only counts for letters.
    if (/^[a-z]$/i.test(shortcut.key) && event.shiftKey !== !!shortcut.shift) continue;
    return shortcut.id;
  }
  return null;
}

/** The keys to show for a shortcut on this platform: ["⌘", "⇧", "O"] or ["Ctrl", "Shift", "O"]. */
export function keysOf(shortcut: Shortcut, mac: boolean): string[] {
  const keys: string[] = [];
  if (shortcut.mod) keys.push(mac ? "⌘" : "Ctrl");
  if (shortcut.shift) keys.push(mac ? "⇧" : "Shift");
  keys.push(shortcut.key === "Escape" ? "Esc" : shortcut.key.toUpperCase());
  return keys;
}

/** Where keys go to text: an input, a text area, a select or an editable element. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== "string") return false;
  const element = target as HTMLElement;
  return element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName);
}
