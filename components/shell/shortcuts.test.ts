import { describe, expect, it } from "vitest";
import { keysOf, SHORTCUTS, shortcutOf } from "./shortcuts";

const press = (key: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("keyboard shortcuts", () => {
  it("knows new chat by Ctrl or Cmd with Shift and O, also while typing", () => {
    expect(shortcutOf(press("O", { ctrlKey: true, shiftKey: true }), false)).toBe("newChat");
    expect(shortcutOf(press("o", { metaKey: true, shiftKey: true }), true)).toBe("newChat");
    // Without Shift it is the browser's "open file"; with Alt it is something else.
    expect(shortcutOf(press("o", { ctrlKey: true }), false)).toBeNull();
    expect(shortcutOf(press("o", { ctrlKey: true, shiftKey: true, altKey: true }), false)).toBeNull();
  });

  it("leaves / and ? to the text while the user types", () => {
    expect(shortcutOf(press("/"), false)).toBe("focusComposer");
    expect(shortcutOf(press("/"), true)).toBeNull();
    expect(shortcutOf(press("?", { shiftKey: true }), false)).toBe("help");
    expect(shortcutOf(press("?", { shiftKey: true }), true)).toBeNull();
    expect(shortcutOf(press("/", { ctrlKey: true }), false)).toBeNull();
  });

  it("stops on Escape, and has no search before history search exists", () => {
    expect(shortcutOf(press("Escape"), true)).toBe("stop");
    expect(shortcutOf(press("k", { ctrlKey: true }), false)).toBeNull();
  });

  it("shows the platform's keys", () => {
    const newChat = SHORTCUTS.find((s) => s.id === "newChat")!;
    expect(keysOf(newChat, true)).toEqual(["⌘", "⇧", "O"]);
    expect(keysOf(newChat, false)).toEqual(["Ctrl", "Shift", "O"]);
  });
});
