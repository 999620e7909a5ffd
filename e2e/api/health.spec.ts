import { expect, test } from "../test";

test("GET /api/health answers without a session and reports the database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({
    ok: true,
    db: expect.stringMatching(/^(pglite|postgresql)$/),
    version: expect.any(String),
  });
});
