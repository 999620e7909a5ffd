import { expect, test, type APIRequestContext } from "../test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { bearerContext, createToken, expectError } from "../helpers/org";

/** Knowledge bases over real HTTP, end to end: create, upload, index, query, share. */

type Doc = { id: string; name: string; status: string; error?: string; chunkCount: number; progress: number };
type Hit = { fileId: string; fileName: string; chunkId: number; content: string; score: number; startLine: number };

let owner: APIRequestContext;
let other: APIRequestContext;
let otherId: string;
let ownerBearer: APIRequestContext;

const EN = `# Field manual

## Lighthouses
The northern lighthouse keeper logs the fog horn every evening at nine.`;
const ZH = `# 仓库管理

## 盘点
仓库每个季度末进行一次全面盘点，盘点结果由财务部门复核。`;

const md = (name: string, text: string) => ({ name, mimeType: "text/markdown", buffer: Buffer.from(text) });

const FINAL = ["indexed", "error_parsing", "error_indexing"];

/** The documents once every one of them reached a final status. */
async function waitIndexed(api: APIRequestContext, kbId: string): Promise<Doc[]> {
  let docs: Doc[] = [];
  await expect
    .poll(
      async () => {
        docs = await (await api.get(`/api/kbs/${kbId}/documents`)).json();
        return docs.length > 0 && docs.every((d) => FINAL.includes(d.status));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return docs;
}

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  const a = await createUser(admin, { role: "user" });
  const b = await createUser(admin, { role: "user" });
  otherId = b.id;
  owner = await signIn(baseURL!, a.username, a.password);
  other = await signIn(baseURL!, b.username, b.password);
  ownerBearer = await bearerContext(baseURL!, (await createToken(owner)).token);
});

test("a knowledge base indexes English and Chinese markdown, answers queries, and stays private until shared @postgres", async () => {
  const created = await owner.post("/api/kbs", { data: { name: "Operations", description: "Manuals" } });
  expect(created.status()).toBe(201);
  const kb = await created.json();
  expect(kb).toMatchObject({ name: "Operations", access: "manage", documentCount: 0, chunking: { chunkSize: 512 } });

  // Two files in one request (the field is repeatable).
  const upload = await owner.fetch(`/api/kbs/${kb.id}/documents`, {
    method: "POST",
    multipart: { file: md("manual.md", EN) },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const zhUpload = await ownerBearer.post(`/api/kbs/${kb.id}/documents`, { multipart: { file: md("仓库.md", ZH) } });
  expect(zhUpload.status(), await zhUpload.text()).toBe(201);
  expect((await zhUpload.json())[0]).toMatchObject({ name: "仓库.md", status: "uploaded" });

  const docs = await waitIndexed(owner, kb.id);
  expect(docs.map((d) => [d.name, d.status, d.progress])).toEqual([
    ["manual.md", "indexed", 100],
    ["仓库.md", "indexed", 100],
  ]);

  const query = (api: APIRequestContext, q: string) =>
    api.post(`/api/kbs/${kb.id}/query`, { data: { query: q, mode: "bm25" } });
  const en = (await (await query(owner, "when is the fog horn logged")).json()).results as Hit[];
  expect(en[0]).toMatchObject({ fileName: "manual.md" });
  expect(en[0].content).toContain("fog horn every evening at nine");
  const zh = (await (await query(owner, "仓库多久盘点一次")).json()).results as Hit[];
  expect(zh[0]).toMatchObject({ fileName: "仓库.md" });
  expect(zh[0].content).toContain("每个季度末进行一次全面盘点");

  // The cited lines open through the content window.
  const window = await (
    await owner.get(`/api/kbs/${kb.id}/documents/${en[0].fileId}/content?line=${en[0].startLine}&window=500`)
  ).json();
  expect(window).toMatchObject({ startLine: en[0].startLine, hasMore: false });
  expect(window.text).toContain("fog horn");

  // Another user neither lists nor queries it.
  expect(((await (await other.get("/api/kbs")).json()) as { id: string }[]).map((k) => k.id)).not.toContain(kb.id);
  await expectError(await query(other, "fog horn"), 404, "not_found:kb");
  await expectError(await other.get(`/api/kbs/${kb.id}/documents`), 404, "not_found:kb");

  // Shared with that user for reading: they list and query it, but may not upload.
  const share = await owner.patch(`/api/kbs/${kb.id}`, {
    data: {
      sharing: {
        read: { global: false, departmentIds: [], userIds: [otherId] },
        manage: { global: false, departmentIds: [], userIds: [] },
      },
    },
  });
  expect(share.status(), await share.text()).toBe(200);
  const listed = (
    (await (await other.get("/api/kbs")).json()) as { id: string; access: string; documentCount: number }[]
  ).find((k) => k.id === kb.id);
  expect(listed).toMatchObject({ access: "read", documentCount: 2 });
  expect(((await (await query(other, "盘点")).json()).results as Hit[])[0].fileName).toBe("仓库.md");
  await expectError(
    await other.post(`/api/kbs/${kb.id}/documents`, { multipart: { file: md("x.md", "x") } }),
    403,
    "forbidden:kb",
  );
});

test("uploads are checked: unsupported types, a corrupt PDF with a reason and a retry, the body cap", async () => {
  // Keyword search only: a vector query is refused below.
  const kb = await (await owner.post("/api/kbs", { data: { name: "Checks", embeddingModel: null } })).json();
  await expectError(
    await owner.post(`/api/kbs/${kb.id}/documents`, {
      multipart: { file: { name: "run.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") } },
    }),
    400,
    "bad_request:kb",
  );
  await expectError(
    await owner.post(`/api/kbs/${kb.id}/documents`, { data: { file: "x" } }),
    400,
    "bad_request:upload",
  );
  // The whole request is capped at the upload limit (25 MiB by default), before anything is stored.
  await expectError(
    await owner.post(`/api/kbs/${kb.id}/documents`, {
      multipart: { file: { name: "big.md", mimeType: "text/markdown", buffer: Buffer.alloc(26 * 1024 * 1024, 97) } },
    }),
    413,
    "too_large:upload",
  );
  expect(await (await owner.get(`/api/kbs/${kb.id}/documents`)).json()).toEqual([]);
  const [broken] = await (
    await owner.post(`/api/kbs/${kb.id}/documents`, {
      multipart: { file: { name: "broken.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 nope") } },
    })
  ).json();
  const [failed] = await waitIndexed(owner, kb.id);
  expect(failed).toMatchObject({ id: broken.id, status: "error_parsing" });
  expect(failed.error).toMatch(/PDF could not be read/);
  const retry = await owner.post(`/api/kbs/${kb.id}/documents/${broken.id}/retry`);
  expect(retry.status()).toBe(200);
  expect(await retry.json()).toMatchObject({ status: "uploaded" });
  expect((await waitIndexed(owner, kb.id))[0]).toMatchObject({ status: "error_parsing" });
  await expectError(
    await owner.post(`/api/kbs/${kb.id}/query`, { data: { query: "x", mode: "vector" } }),
    400,
    "bad_request:kb",
  );
  await expectError(
    await owner.post(`/api/kbs/${kb.id}/query`, { data: { query: "x".repeat(2001) } }),
    400,
    "bad_request:api",
  );
  // Deleting the knowledge base takes its documents with it.
  expect((await owner.delete(`/api/kbs/${kb.id}`)).status()).toBe(200);
  await expectError(await owner.get(`/api/kbs/${kb.id}/documents/${broken.id}`), 404, "not_found:kb");
});

test("with the demo embedding model, vector and hybrid search find by vectors where the database has pgvector, and are refused with the reason where it does not @postgres", async () => {
  const models = await (await owner.get("/api/models")).json();
  expect(models.embeddingModels).toContain("demo:demo-embedding");
  const create = () => owner.post("/api/kbs", { data: { name: "Vectors", embeddingModel: "demo:demo-embedding" } });
  if (!models.vectorSearch) {
    // PostgreSQL without pgvector (CI's Debian PostgreSQL 15).
    const refused = await expectError(await create(), 400, "bad_request:kb");
    expect(refused).toMatch(/pgvector/);
    return;
  }
  const res = await create();
  expect(res.status(), await res.text()).toBe(201);
  const kb = await res.json();
  expect(kb.embeddingModel).toBe("demo:demo-embedding");
  await owner.post(`/api/kbs/${kb.id}/documents`, { multipart: { file: md("manual.md", EN) } });
  await owner.post(`/api/kbs/${kb.id}/documents`, { multipart: { file: md("仓库.md", ZH) } });
  expect((await waitIndexed(owner, kb.id)).map((d) => d.status)).toEqual(["indexed", "indexed"]);
  for (const mode of ["vector", "hybrid"]) {
    const answer = await (
      await owner.post(`/api/kbs/${kb.id}/query`, { data: { query: "the keeper logs the fog horn", mode } })
    ).json();
    expect(answer.mode).toBe(mode);
    expect(answer.embedMs).toBeGreaterThanOrEqual(0);
    expect(answer.results[0]).toMatchObject({ fileName: "manual.md" });
  }
  const zh = await (
    await owner.post(`/api/kbs/${kb.id}/query`, { data: { query: "仓库盘点", mode: "vector" } })
  ).json();
  expect(zh.results[0]).toMatchObject({ fileName: "仓库.md" });
  await expectError(
    await other.post(`/api/kbs/${kb.id}/query`, { data: { query: "fog horn", mode: "vector" } }),
    404,
    "not_found:kb",
  );
  // An embedding model that is not enabled is refused.
  await expectError(
    await owner.patch(`/api/kbs/${kb.id}`, { data: { embeddingModel: "demo:nope" } }),
    400,
    "bad_request:kb",
  );
  expect((await owner.delete(`/api/kbs/${kb.id}`)).status()).toBe(200);
});

test("a rerank model reorders the query's passages and the answer says so", async () => {
  const models = await (await owner.get("/api/models")).json();
  expect(models.rerankModels).toContain("demo:demo-rerank");
  const kb = await (
    await owner.post("/api/kbs", { data: { name: "Reranked", rerankModel: "demo:demo-rerank" } })
  ).json();
  expect(kb.rerankModel).toBe("demo:demo-rerank");
  await owner.post(`/api/kbs/${kb.id}/documents`, { multipart: { file: md("manual.md", EN) } });
  await waitIndexed(owner, kb.id);
  const answer = await (
    await owner.post(`/api/kbs/${kb.id}/query`, { data: { query: "fog horn evening", mode: "bm25" } })
  ).json();
  expect(answer).toMatchObject({ mode: "bm25", reranked: true });
  expect(answer.results[0].content).toContain("fog horn");
  expect(answer.results[0].score).toBe(1); // every query word is in the passage
  await expectError(
    await owner.patch(`/api/kbs/${kb.id}`, { data: { rerankModel: "demo:demo-embedding" } }),
    400,
    "bad_request:kb",
  );
  await expectError(await other.patch(`/api/kbs/${kb.id}`, { data: { rerankModel: null } }), 404, "not_found:kb");
  expect((await owner.delete(`/api/kbs/${kb.id}`)).status()).toBe(200);
});
