import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import { ERROR_CODES } from "@/lib/errors/error-codes";
import { ZIP_REFUSAL_KEYS } from "@/lib/files/zip-read";

type Catalog = { [key: string]: string | Catalog };

function keys(catalog: Catalog, prefix = ""): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** ICU arguments: `{name}` or `{name, plural|select|number…`; plural branch texts are not arguments. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]))].sort();
}

describe("message catalogs", () => {
  it("say every declared API error code in every locale (errors.codes)", () => {
    for (const catalog of [en, zh]) {
      expect(Object.keys(catalog.errors.codes).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    }
  });

  it("say every reason a zip upload is refused for (zipRefusals.reasons)", () => {
    for (const catalog of [en, zh]) {
      expect(Object.keys(catalog.zipRefusals.reasons).sort()).toEqual([...ZIP_REFUSAL_KEYS].sort());
    }
  });

  it("have the same keys in every locale", () => {
    expect(keys(zh as Catalog).sort()).toEqual(keys(en as Catalog).sort());
  });

  it("use the same placeholders in every locale", () => {
    const lookup = (catalog: Catalog, path: string) =>
      path.split(".").reduce<string | Catalog>((node, key) => (node as Catalog)[key], catalog) as string;
    for (const path of keys(en as Catalog)) {
      expect(placeholders(lookup(zh as Catalog, path)), path).toEqual(placeholders(lookup(en as Catalog, path)));
    }
  });
});
