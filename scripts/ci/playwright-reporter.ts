import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { relativeFile, writeTestRecords, type TestRecord } from "./test-record";

/**
 * Playwright's results for CI's phase table (scripts/ci/test-record.ts), beside the list reporter.
 * @public Playwright loads it by path (playwright.config.ts, when CI_REPORT_DIR is set).
 */
export default class CiTestRecords implements Reporter {
  private readonly last = new Map<TestCase, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.last.set(test, result);
  }

  onEnd(): void {
    const records: TestRecord[] = [];
    for (const [test, result] of this.last) {
      const outcome = test.outcome();
      records.push({
        title: test.titlePath().slice(3).join(" › "),
        file: relativeFile(test.location.file),
        status: outcome === "skipped" ? "skipped" : outcome === "unexpected" ? "failed" : "passed",
        durationMs: result.duration,
        retries: result.retry,
      });
    }
    writeTestRecords(records);
  }
}
