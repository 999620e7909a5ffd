import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATION_CASES } from "@/e2e/api/isolation-table";

const API = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

describe("isolation table coverage", () => {
  it("lists every exported method of every API route", () => {
    const missing: string[] = [];
    for (const file of routeFiles(API)) {
      const route = "/" + path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/");
      const source = fs.readFileSync(file, "utf8");
      for (const method of METHODS) {
        const exported = new RegExp(
          `export\\s+(const|async function|function)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`,
        ).test(source);
        if (exported && !ISOLATION_CASES.some((c) => c.route === route && c.method === method))
          missing.push(`${method} ${route}`);
      }
    }
    expect(missing, "add these to e2e/api/isolation-table.ts").toEqual([]);
  });

  it("names no route that does not exist", () => {
    const routes = new Set(
      routeFiles(API).map(
        (f) => "/" + path.relative(path.join(process.cwd(), "app"), path.dirname(f)).split(path.sep).join("/"),
      ),
    );
    expect(ISOLATION_CASES.map((c) => c.route).filter((r) => !routes.has(r))).toEqual([]);
  });
});
