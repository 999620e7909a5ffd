// Fails (exit 1) when code cites a document outside the repository (scripts/outside-citations.mjs):
// every tracked source file, tests and benches included.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { outsideCitations } from "./outside-citations.mjs";

const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mjs", "*.mts", "*.js"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => f && f !== "scripts/outside-citations.test.ts");
const found = files.flatMap((file) =>
  outsideCitations(readFileSync(file, "utf8")).map(({ line, what }) => `${file}:${line} cites ${what}`),
);
console.log(`check-citations: ${files.length} files, ${found.length} citations of documents outside the repository`);
if (found.length > 0) {
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
