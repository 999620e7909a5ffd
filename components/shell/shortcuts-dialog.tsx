"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Dialog } from "@/components/ui/dialog";
import { keysOf, SHORTCUTS } from "./shortcuts";

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The shortcuts help (opened with "?"): every enabled shortcut with this platform's keys. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("shortcuts");
  const mac = useSyncExternalStore(
    () => () => {},
    isMac,
    () => false,
  );
  return (
    <Dialog open={open} onClose={onClose} title={t("title")} data-testid="shortcuts-dialog">
      <ul className="mt-4 divide-y divide-border text-sm">
        {SHORTCUTS.filter((shortcut) => shortcut.enabled).map((shortcut) => (
          <li
            key={shortcut.id}
            className="flex items-center justify-between gap-4 py-2.5"
            data-testid="shortcut"
            data-shortcut={shortcut.id}
          >
            <span>{t(shortcut.id)}</span>
            <span className="flex shrink-0 gap-1">
              {keysOf(shortcut, mac).map((key) => (
                <kbd
                  key={key}
                  className="min-w-6 rounded-md border border-border bg-muted px-1.5 py-0.5 text-center font-sans text-xs text-muted-foreground"
                >
                  {key}
                </kbd>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
