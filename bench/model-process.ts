import { spawn } from "node:child_process";
import path from "node:path";

export type ModelProcess = { url: string; close(): Promise<void> };

/**
 * The scripted model server in a process of its own, so that what a bench measures in-process
 * is the app's work only (the model tokenizes every prompt it gets to report usage).
 */
export async function startModelProcess(args: string[] = []): Promise<ModelProcess> {
  const root = path.resolve(import.meta.dirname, "..");
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/mock-llm.ts"), "--port", "0", ...args],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = out.match(/listening on (\S+)/);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`the model server exited (${code}) before listening`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
