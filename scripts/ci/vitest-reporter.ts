import type { Reporter, TestModule } from "vitest/node";
import { relativeFile, writeTestRecords, type TestRecord } from "./test-record";

/**
 * Vitest's results for CI's phase table (scripts/ci/test-record.ts); Vitest prints its own as usual.
 * @public Vitest loads it by path (vitest.config.ts, when CI_REPORT_DIR is set).
 */
export default class CiTestRecords implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const records: TestRecord[] = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        const diagnostic = test.diagnostic();
        records.push({
          title: test.fullName,
          file: relativeFile(testModule.moduleId),
          status: state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped",
          durationMs: diagnostic?.duration ?? 0,
          retries: diagnostic?.retryCount ?? 0,
        });
      }
    }
    writeTestRecords(records);
  }
}
