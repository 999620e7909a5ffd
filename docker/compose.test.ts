import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, timedChat, type Session } from "@/bench/load-client";

/**
 * docker-compose.yml as a user runs it: the app image built from the Dockerfile, PostgreSQL and
 * Redis, one command. Where Docker Hub cannot be reached, docker/stand-ins/build.sh supplies
 * local stand-ins for the public images.
 */
const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const project = `meridian-test-${Date.now().toString(36)}`;
const hostPort = 23000 + Math.floor(Math.random() * 2000);
const appUrl = `http://127.0.0.1:${hostPort}`;
const admin = { username: "admin", password: "docker-admin-password-1" };
const env: NodeJS.ProcessEnv = { ...process.env };
let composeCommand: string[] = [];

async function run(cmd: string[], timeout = 600_000): Promise<string> {
  try {
    const { stdout } = await exec(cmd[0], cmd.slice(1), { cwd: root, env, timeout, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    // A failed build says why on stdout.
    const out = String((err as { stdout?: string }).stdout ?? "")
      .split("\n")
      .slice(-60)
      .join("\n");
    throw new Error(`${(err as Error).message}\n${out}`);
  }
}
// docker-compose.yml as users run it, with the health check asked every 2 s (compose.test.yml).
const composeFiles = ["-f", "docker-compose.yml", "-f", "docker/compose.test.yml"];
const compose = (...args: string[]) => run([...composeCommand, "-p", project, ...composeFiles, ...args], 1_500_000);

/** `docker compose` where the plugin is installed, else the standalone `docker-compose`. */
async function findCompose(): Promise<string[]> {
  try {
    await exec("docker", ["compose", "version"]);
    return ["docker", "compose"];
  } catch {
    return ["docker-compose"];
  }
}

async function containerOf(service: string): Promise<string> {
  return (await compose("ps", "-q", service)).trim();
}

async function healthOf(service: string): Promise<string> {
  const id = await containerOf(service);
  return (await run(["docker", "inspect", "--format", "{{.State.Health.Status}}", id])).trim();
}

/** Waits for the image's own HEALTHCHECK to pass. */
async function waitHealthy(service: string, ms = 240_000): Promise<void> {
  const deadline = Date.now() + ms;
  let status = "";
  while (Date.now() < deadline) {
    status = await healthOf(service).catch(() => "no container");
    if (status === "healthy") return;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error(`${service} is ${status} after ${ms / 1000} s:\n${await compose("logs", "--tail", "80", service)}`);
}

async function tokenFor(session: Session): Promise<string> {
  const res = await session.call("/api/tokens", { method: "POST", body: { name: "docker-test" } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** The thread's messages as the API returns them, each with its text joined. */
async function transcript(session: Session, threadId: string): Promise<{ role: string; text: string }[]> {
  const res = await session.call(`/api/threads/${threadId}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { messages: { role: string; parts: { type: string; text?: string }[] }[] };
  return body.messages.map((m) => ({
    role: m.role,
    text: m.parts
      .filter((p) => p.type === "text")
      .map((p) => p.text)
      .join(""),
  }));
}

beforeAll(async () => {
  composeCommand = await findCompose();
  const images = await run(["bash", "docker/stand-ins/build.sh"], 1_200_000);
  for (const line of images.trim().split("\n")) {
    const [name, value] = line.split("=");
    if (name && value) env[name] = value;
  }
  Object.assign(env, {
    HOST_PORT: String(hostPort),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    POSTGRES_PASSWORD: "docker-db-password",
  });
  await compose("build", "app");
  await compose("up", "-d");
  await waitHealthy("app");
});

afterAll(async () => {
  if (composeCommand.length) await compose("down", "-v", "--remove-orphans").catch(() => undefined);
});

describe("docker compose up", () => {
  it("serves a full chat from the image, on PostgreSQL and Redis, as an unprivileged user", async () => {
    const health = await (await fetch(`${appUrl}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, db: "postgresql" });
    expect((await compose("exec", "-T", "app", "id", "-u")).trim()).toBe("1001");
    // Published on this machine only unless HOST_ADDRESS says otherwise; the data folder is its user's alone.
    expect((await compose("port", "app", "3000")).trim()).toBe(`127.0.0.1:${hostPort}`);
    expect((await compose("exec", "-T", "app", "stat", "-c", "%a", "/data")).trim()).toBe("700");

    const session = await signIn(appUrl, admin.username, admin.password);
    const threadId = `docker-${Date.now().toString(36)}`;
    const turn = await timedChat(appUrl, await tokenFor(session), threadId, "Hello from the container test");
    expect(turn.error).toBeNull();
    const messages = await transcript(session, threadId);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].text.length).toBeGreaterThan(0);

    // The run's stream went through the redis container, where any app container can resume it.
    const keys = await compose("exec", "-T", "redis", "redis-cli", "--scan", "--pattern", "meridian:*");
    expect(keys).toContain("meridian:run-stream:");
  });

  it("keeps users and conversations when the app container is recreated", async () => {
    const session = await signIn(appUrl, admin.username, admin.password);
    const threadId = `docker-keep-${Date.now().toString(36)}`;
    expect((await timedChat(appUrl, await tokenFor(session), threadId, "Remember this thread")).error).toBeNull();

    await compose("up", "-d", "--force-recreate", "--no-deps", "app");
    await waitHealthy("app");

    const again = await signIn(appUrl, admin.username, admin.password);
    expect((await transcript(again, threadId)).map((m) => m.role)).toEqual(["user", "assistant"]);
    expect((await timedChat(appUrl, await tokenFor(again), threadId, "And a second turn")).error).toBeNull();
    expect(await transcript(again, threadId)).toHaveLength(4);
  });
});
