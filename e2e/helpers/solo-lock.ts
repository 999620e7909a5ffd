import fs from "node:fs";
import path from "node:path";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A readers-writer lock between the workers of one run, in files: each running test holds a
 * marker `beside-<worker>`; a @solo test first takes `alone` (new tests then wait), then waits
 * for the markers of the others to go. Markers name their process, so a crashed worker's are ignored.
 */
export class SoloLock {
  private readonly alone: string;
  private readonly mine: string;

  constructor(
    private readonly dir: string,
    worker: number,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.alone = path.join(dir, "alone");
    this.mine = path.join(dir, `beside-${worker}`);
  }

  /** Whether `file` is held by a live process (an empty one is being written: held). */
  private holder(file: string): boolean {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      return false;
    }
    return text === "" || alive(Number(text));
  }

  async enterBeside(): Promise<void> {
    for (;;) {
      if (!this.holder(this.alone)) {
        fs.writeFileSync(this.mine, String(process.pid));
        // A @solo test that took the lock in between sees this marker or is seen here.
        if (!this.holder(this.alone)) return;
        fs.rmSync(this.mine, { force: true });
      }
      await sleep(50);
    }
  }

  async enterAlone(): Promise<void> {
    for (;;) {
      try {
        fs.writeFileSync(this.alone, String(process.pid), { flag: "wx" });
        break;
      } catch {
        // Another @solo test holds it, or a crashed worker left it.
        if (!this.holder(this.alone)) fs.rmSync(this.alone, { force: true });
        await sleep(100);
      }
    }
    const others = () =>
      fs
        .readdirSync(this.dir)
        .filter((name) => name.startsWith("beside-"))
        .map((name) => path.join(this.dir, name))
        .filter((file) => file !== this.mine && this.holder(file));
    while (others().length > 0) await sleep(50);
  }

  leave(solo: boolean): void {
    fs.rmSync(solo ? this.alone : this.mine, { force: true });
  }
}
