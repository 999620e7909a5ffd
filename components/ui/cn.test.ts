import clsx from "clsx";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets the caller's class replace a conflicting base class", () => {
    expect(cn("hover:text-foreground", "hover:text-danger")).toBe("hover:text-danger");
    // The failure it replaces: clsx keeps both, and the stylesheet order picks the base one.
    expect(clsx("hover:text-foreground", "hover:text-danger")).toBe("hover:text-foreground hover:text-danger");
  });

  it("keeps classes that do not conflict, and conditionals as clsx does", () => {
    const hidden = false as boolean;
    expect(cn("size-9 rounded-lg", hidden && "hidden", { "opacity-40": true }, undefined)).toBe(
      "size-9 rounded-lg opacity-40",
    );
    // A colour and a font size share the `text-` prefix but are different properties.
    expect(cn("text-sm text-muted-foreground", "text-danger")).toBe("text-sm text-danger");
    expect(cn("text-muted-foreground", "text-[12.5px]")).toBe("text-muted-foreground text-[12.5px]");
  });

  it("knows the theme's own shadows and animations", () => {
    expect(cn("shadow-popover", "shadow-none")).toBe("shadow-none");
    expect(cn("shadow-sm", "shadow-composer")).toBe("shadow-composer");
    expect(cn("animate-fade-in", "animate-spin")).toBe("animate-spin");
  });
});
