import fs from "node:fs";
import path from "node:path";

/**
 * One process owns a PGlite data dir: two processes on the same dir silently lose writes.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  const lockPath = path.join(dir, "..", `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(fs.readFileSync(lockPath, "utf8"));
      if (owner === process.pid) return () => {};
      if (owner && isAlive(owner)) {
        throw new Error(
          `The database directory ${dir} is in use by process ${owner}. Stop it or set DATA_DIR to another directory.`,
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A killed process whose parent has not collected it yet still answers signal 0, but it holds
 * nothing: on Linux its state in /proc is "Z". (Seen after SIGKILL under an init that reaps late.)
 */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}
