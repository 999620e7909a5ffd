import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");

describe("scripts/mock-llm.ts", () => {
  it("prints its URL, serves models and control endpoints, and stops on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/mock-llm.ts", "--port", "0", "--models", "x,y"],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (data: Buffer) => (output += data.toString()));
    child.stderr.on("data", (data: Buffer) => (output += data.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 20_000);
        child.stdout.on("data", () => {
          const match = /mock-llm listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      const models = await (await fetch(`${url}/models`)).json();
      expect(models.data.map((m: { id: string }) => m.id)).toEqual(["x", "y"]);
      const control = await fetch(`${url.replace(/\/v1$/, "")}/__mock/requests`);
      expect(control.status).toBe(200);

      child.kill("SIGTERM");
      const [code] = await once(child, "exit");
      expect(code).toBe(0);
      expect(output).toContain("mock-llm stopped (SIGTERM)");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
