"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { announceNewChat } from "./new-chat-event";
import { isTyping, shortcutOf } from "./shortcuts";

/** Is a modal open (a dialog or a menu)? Then its own keys win. */
export function layerOpen(): boolean {
  return !!document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]');
}

/**
 * The shell's shortcuts: new chat, focus the message box, the help dialog. (Stop belongs to
 * the chat, which knows whether an answer is streaming.) Returns the help dialog's state.
 */
export function useShellShortcuts() {
  const router = useRouter();
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const id = shortcutOf(event, isTyping(event.target));
      if (id === "newChat") {
        event.preventDefault();
        announceNewChat();
        router.push("/");
      } else if (id === "focusComposer" && !layerOpen()) {
        const composer = document.getElementById("composer-input");
        if (!composer) return;
        event.preventDefault();
        composer.focus();
      } else if (id === "help" && !layerOpen()) {
        event.preventDefault();
        setHelpOpen(true);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [router]);

  return { helpOpen, closeHelp: () => setHelpOpen(false) };
}
