import path from "node:path";
import { test as base } from "@playwright/test";
import { SoloLock } from "./helpers/solo-lock";

export * from "@playwright/test";

/**
 * The suite's `test` (every spec imports it from here, not from @playwright/test): Playwright's,
 * with one automatic fixture. Specs run on several workers against one app server; a test tagged
 * @solo in its title changes what every user of that server sees (a provider's models, an MCP
 * server shared with everyone) or measures the server process itself, so it runs alone: it waits
 * until the tests running on other workers have ended, and they wait for it (docs/TESTING.md).
 * Hooks (beforeAll/afterAll) run outside the lock: a @solo spec undoes its org-wide changes in
 * afterEach.
 */
export const test = base.extend<{ soloLock: void }>({
  soloLock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, runTest, testInfo) => {
      const lock = new SoloLock(path.join(testInfo.project.outputDir, ".solo-lock"), testInfo.parallelIndex);
      const solo = testInfo.tags.includes("@solo");
      const started = Date.now();
      await (solo ? lock.enterAlone() : lock.enterBeside());
      // Waiting for the others is not the test's own time.
      testInfo.setTimeout(testInfo.timeout + (Date.now() - started));
      try {
        await runTest();
      } finally {
        lock.leave(solo);
      }
    },
    { auto: true },
  ],
});
