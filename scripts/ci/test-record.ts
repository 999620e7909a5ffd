import fs from "node:fs";
import path from "node:path";

/**
 * One executed test as CI's summary reads it (scripts/ci/summary.mjs): the same shape from the
 * Vitest and the Playwright reporter, so the summary counts and ranks both alike.
 */
export type TestRecord = {
  /** The test's full title, suites included. */
  title: string;
  /** Its file, relative to the repository. */
  file: string;
  status: "passed" | "failed" | "skipped";
  /** The final attempt's duration. */
  durationMs: number;
  /** Attempts after the first (a test that passed on its second attempt has 1). */
  retries: number;
};

/**
 * Writes `records` to CI_REPORT_DIR/<CI_PHASE>.tests.json when both are set (.ci/run sets them
 * for each phase); does nothing otherwise, so local runs leave no files.
 */
export function writeTestRecords(records: TestRecord[]): void {
  const dir = process.env.CI_REPORT_DIR;
  const phase = process.env.CI_PHASE;
  if (!dir || !phase) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${phase}.tests.json`), JSON.stringify({ phase, tests: records }));
}

export function relativeFile(file: string): string {
  return path.relative(process.cwd(), file);
}
