import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { SAMPLES } from "@/lib/testing/file-samples";
import { seedAgents } from "@/lib/bootstrap/seed-agents";
import { createSuperadmin } from "@/lib/db/users";
import { createThread, findThread } from "@/lib/db/threads";
import { listThreadAttachments } from "@/lib/db/attachments";
import { deleteThreadEverywhere } from "@/lib/runs/delete-thread";
import { deleteUserEverywhere } from "@/lib/runs/delete-user";
import { cleanFileName, saveUpload } from "./upload";
import { UnsupportedFileType } from "./sniff";
import type { RequestFile } from "./request-file";

// Failure injection for "the database insert fails after the file was written".
const failInsert = vi.hoisted(() => ({ next: false }));
vi.mock("@/lib/db/attachments", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/db/attachments")>();
  return {
    ...actual,
    createAttachment: async (...args: Parameters<typeof actual.createAttachment>) => {
      if (failInsert.next) {
        failInsert.next = false;
        throw new Error("database unavailable");
      }
      return actual.createAttachment(...args);
    },
  };
});

let dataDir: string;
const previousDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"));
  process.env.DATA_DIR = dataDir;
  await createTestDatabase();
  await seedAgents();
});
afterAll(async () => {
  await destroyTestDatabase();
  process.env.DATA_DIR = previousDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = (name: string, bytes: Buffer, fields: Record<string, string> = {}): RequestFile => ({
  name,
  bytes,
  declaredType: "",
  fields,
});
const hostPath = (userId: string, virtual: string) =>
  path.join(dataDir, "workspaces", userId, virtual.replace("/home/gem/user-data/", ""));
const userFiles = (userId: string) => {
  const root = path.join(dataDir, "workspaces", userId);
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String) : [];
};

describe("saveUpload", () => {
  it("stores the bytes under a server-generated name in the workdir's uploads/ and records the original name", async () => {
    const actor = await insertTestUser();
    const thread = await createThread(actor, { agentId: null });
    const result = await saveUpload(actor, thread.id, upload("../../Quarterly report (final).pdf", SAMPLES.pdf));

    expect(result).toEqual({
      name: "Quarterly report (final).pdf",
      path: expect.stringMatching(new RegExp(`^/home/gem/user-data/projects/${thread.id}/uploads/[0-9a-f]{32}\\.pdf$`)),
      size: SAMPLES.pdf.length,
      mediaType: "application/pdf",
    });
    expect(fs.readFileSync(hostPath(actor.id, result.path))).toEqual(SAMPLES.pdf);
    const [row] = await listThreadAttachments(actor, thread.id);
    expect(row).toMatchObject({
      originalName: "Quarterly report (final).pdf",
      mediaType: "application/pdf",
      size: SAMPLES.pdf.length,
    });
    expect(result.path.endsWith(`/${row.storedName}`)).toBe(true);

    const again = await saveUpload(actor, thread.id, upload("Quarterly report (final).pdf", SAMPLES.pdf));
    expect(again.path).not.toBe(result.path);
  });

  it("names the stored file after the sniffed type, whatever the client called it", async () => {
    const actor = await insertTestUser();
    const thread = await createThread(actor, { agentId: null });
    expect((await saveUpload(actor, thread.id, upload("photo.jpg", SAMPLES.png))).path).toMatch(/\.png$/);
    expect((await saveUpload(actor, thread.id, upload("notes.md", Buffer.from("# hi")))).path).toMatch(/\.md$/);
    expect((await saveUpload(actor, thread.id, upload("evil.sh;rm -rf", Buffer.from("echo")))).path).toMatch(
      /\/[0-9a-f]{32}\.txt$/,
    );
  });

  it("creates a new conversation for the actor when the id is unknown (upload before the first message)", async () => {
    const actor = await insertTestUser();
    const threadId = crypto.randomUUID();
    const result = await saveUpload(actor, threadId, upload("a.txt", SAMPLES.text));
    expect(result.path).toContain(`/projects/${threadId}/uploads/`);
    expect(await findThread(actor, threadId)).toMatchObject({
      userId: actor.id,
      agentId: "agent-default",
      rootThreadId: threadId,
    });
  });

  it("uses a visible agent named in the form, and refuses an unknown one without creating anything", async () => {
    const actor = await insertTestUser();
    const threadId = crypto.randomUUID();
    await expect(
      saveUpload(actor, threadId, upload("a.txt", SAMPLES.text, { agentId: "no-such-agent" })),
    ).rejects.toMatchObject({ code: "not_found:agent" });
    expect(await findThread(actor, threadId)).toBeNull();
    expect(userFiles(actor.id)).toEqual([]);
    await saveUpload(actor, threadId, upload("a.txt", SAMPLES.text, { agentId: "agent-researcher" }));
    expect((await findThread(actor, threadId))?.agentId).toBe("agent-researcher");
  });

  it("answers 404 for someone else's conversation and writes nothing anywhere", async () => {
    const owner = await insertTestUser();
    const intruder = await insertTestUser();
    const thread = await createThread(owner, { agentId: null });
    await expect(saveUpload(intruder, thread.id, upload("x.txt", SAMPLES.text))).rejects.toMatchObject({
      code: "not_found:thread",
    });
    expect(userFiles(intruder.id)).toEqual([]);
    expect(userFiles(owner.id)).toEqual([]);
    expect(await listThreadAttachments(owner, thread.id)).toEqual([]);
  });

  it("refuses a disguised executable before creating the conversation or writing a byte", async () => {
    const actor = await insertTestUser();
    const threadId = crypto.randomUUID();
    await expect(saveUpload(actor, threadId, upload("cat.png", SAMPLES.elf))).rejects.toBeInstanceOf(
      UnsupportedFileType,
    );
    expect(await findThread(actor, threadId)).toBeNull();
    expect(userFiles(actor.id)).toEqual([]);
  });

  it("removes the written file when the record cannot be saved", async () => {
    const actor = await insertTestUser();
    const thread = await createThread(actor, { agentId: null });
    failInsert.next = true;
    await expect(saveUpload(actor, thread.id, upload("a.pdf", SAMPLES.pdf))).rejects.toThrow("database unavailable");
    expect(fs.readdirSync(path.join(dataDir, "workspaces", actor.id, "projects", thread.id, "uploads"))).toEqual([]);
    expect(await listThreadAttachments(actor, thread.id)).toEqual([]);
  });
});

describe("deleting a conversation or a user", () => {
  it("removes the conversation's workdir with its records, and leaves the others", async () => {
    const actor = await insertTestUser();
    const gone = await createThread(actor, { agentId: null });
    const kept = await createThread(actor, { agentId: null });
    const a = await saveUpload(actor, gone.id, upload("a.txt", SAMPLES.text));
    const b = await saveUpload(actor, kept.id, upload("b.txt", SAMPLES.text));
    await deleteThreadEverywhere(actor, gone.id);
    expect(fs.existsSync(path.join(dataDir, "workspaces", actor.id, "projects", gone.id))).toBe(false);
    expect(fs.existsSync(hostPath(actor.id, a.path))).toBe(false);
    expect(fs.existsSync(hostPath(actor.id, b.path))).toBe(true);
    // A conversation that never had files deletes cleanly too.
    await deleteThreadEverywhere(actor, (await createThread(actor, { agentId: null })).id);
  });

  it("empties a deleted user's workspace", async () => {
    const root = (await createSuperadmin({ username: `root-${Date.now()}`, password: "root-password-1" }))!;
    const actor = await insertTestUser();
    const thread = await createThread(actor, { agentId: null });
    const saved = await saveUpload(actor, thread.id, upload("a.txt", SAMPLES.text));
    expect(fs.existsSync(hostPath(actor.id, saved.path))).toBe(true);
    await deleteUserEverywhere(root, actor.id);
    expect(userFiles(actor.id)).toEqual([]);
  });
});

describe("cleanFileName", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["C:\\fakepath\\report.pdf", "report.pdf"],
    ["../../etc/passwd", "passwd"],
    ["a\u0000b\nc.txt", "abc.txt"],
    ["  spaced.txt  ", "spaced.txt"],
    ["..", "file"],
    ["", "file"],
    ["中文文件.docx", "中文文件.docx"],
  ])("%j -> %j", (input, expected) => {
    expect(cleanFileName(input)).toBe(expected);
  });

  it("keeps names within 255 bytes without splitting a character", () => {
    const name = cleanFileName("界".repeat(100));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name).toBe("界".repeat(85));
  });
});
