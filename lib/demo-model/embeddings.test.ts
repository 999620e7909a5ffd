import { OpenAIEmbeddings } from "@langchain/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedText } from "./embeddings";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import { postJson } from "@/lib/testing/scripted-model/test-support";

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i], 0);

describe("embedText", () => {
  it("is deterministic, unit length and of the asked dimension", () => {
    const a = embedText("Vector search with pgvector", 256);
    expect(embedText("Vector search with pgvector", 256)).toEqual(a);
    expect(a).toHaveLength(256);
    expect(Math.hypot(...a)).toBeCloseTo(1, 6);
    expect(embedText("", 64)).toHaveLength(64);
    expect(Math.hypot(...embedText("", 64))).toBeCloseTo(1, 6);
  });

  it("ranks texts sharing words above unrelated ones, Chinese included", () => {
    const query = embedText("how to reset my password", 1024);
    const related = embedText("Reset your password from the login page", 1024);
    const unrelated = embedText("Quarterly revenue grew in the northern region", 1024);
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.1);

    const zhQuery = embedText("如何重置密码", 1024);
    const zhRelated = embedText("在登录页面重置密码", 1024);
    const zhUnrelated = embedText("第三季度营收增长", 1024);
    expect(cosine(zhQuery, zhRelated)).toBeGreaterThan(cosine(zhQuery, zhUnrelated) + 0.1);
  });

  it("ranks a shared phrase above the same words scattered, and a repeated word does not drown the rest", () => {
    const query = embedText("send the reset password link", 1024);
    const phrase = embedText("Admins can send the reset password link to a user", 1024);
    const scattered = embedText("A user can link to the admins, send a password, reset", 1024);
    expect(cosine(query, phrase)).toBeGreaterThan(cosine(query, scattered) + 0.1);

    const repeated = embedText(`${"cache ".repeat(50)} eviction policy`, 1024);
    const plain = embedText("cache eviction policy", 1024);
    expect(cosine(embedText("eviction policy", 1024), repeated)).toBeGreaterThan(0.15);
    expect(cosine(repeated, plain)).toBeGreaterThan(0.5);
  });
});

describe("embeddings over HTTP", () => {
  let server: MockLlmServer;
  beforeAll(async () => {
    server = await startMockLlmServer({ embeddingDimensions: 128 });
  });
  afterAll(() => server.close());

  it("embeds a string or an array with usage, honouring dimensions", async () => {
    const res = await postJson(`${server.url}/embeddings`, { model: "demo-embedding", input: ["alpha beta", "gamma"] });
    const body = await res.json();
    expect(body.object).toBe("list");
    expect(body.model).toBe("demo-embedding");
    expect(body.data.map((d: { index: number }) => d.index)).toEqual([0, 1]);
    expect(body.data[0].embedding).toHaveLength(128);
    expect(body.data[0].embedding).toEqual(embedText("alpha beta", 128));
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens);

    const sized = await (await postJson(`${server.url}/embeddings`, { model: "m", input: "x", dimensions: 32 })).json();
    expect(sized.data[0].embedding).toHaveLength(32);
  });

  it("serves LangChain's OpenAIEmbeddings (base64 by default) with the same vectors", async () => {
    const embeddings = new OpenAIEmbeddings({
      model: "demo-embedding",
      apiKey: "test",
      configuration: { baseURL: server.url },
    });
    const [doc] = await embeddings.embedDocuments(["reset your password"]);
    const query = await embeddings.embedQuery("reset your password");
    expect(doc).toHaveLength(128);
    doc.forEach((value, i) => expect(value).toBeCloseTo(embedText("reset your password", 128)[i], 5));
    expect(query).toEqual(doc);
    const logged = server.mock
      .requests()
      .filter((r) => r.path === "/embeddings")
      .at(-1);
    expect(logged?.body).toMatchObject({ encoding_format: "base64" });
  });

  it("lets a script fail an embedding request", async () => {
    server.mock.script("embed-fail", [{ fault: { status: 500 } }]);
    const failing = await postJson(`${server.url}/embeddings`, { model: "m", input: ["doc [[mock:embed-fail]]"] });
    expect(failing.status).toBe(500);
    const next = await postJson(
      `${server.url}/embeddings`,
      { model: "m", input: "doc" },
      { "x-mock-script": "embed-fail" },
    );
    expect(next.status).toBe(200);
  });

  it("rejects input it cannot embed", async () => {
    const res = await postJson(`${server.url}/embeddings`, { model: "m", input: [[1, 2, 3]] });
    expect(res.status).toBe(400);
  });
});
