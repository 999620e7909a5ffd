import { describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { BCRYPT_COST, hashPassword, passwordSchema, verifyDecoyPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes with bcrypt at cost 10 and a fresh salt each time", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^\$2[aby]\$10\$/);
    expect(bcrypt.getRounds(a)).toBe(BCRYPT_COST);
    expect(a).not.toBe(b);
    expect(a).not.toContain("correct horse");
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("s3cret-password");
    expect(await verifyPassword("s3cret-password", hash)).toBe(true);
    expect(await verifyPassword("s3cret-passworD", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("treats a malformed hash as a mismatch instead of throwing", async () => {
    expect(await verifyPassword("anything", "not-a-bcrypt-hash")).toBe(false);
  });

  it("the decoy check never succeeds", async () => {
    expect(await verifyDecoyPassword("whatever")).toBe(false);
  });
});

describe("passwordSchema", () => {
  it("accepts 8 characters and more", () => {
    expect(passwordSchema.safeParse("12345678").success).toBe(true);
  });

  it("refuses fewer than 8 characters", () => {
    const result = passwordSchema.safeParse("1234567");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at least 8/);
  });

  it("refuses passwords bcrypt would truncate (over 72 bytes)", () => {
    expect(passwordSchema.safeParse("a".repeat(72)).success).toBe(true);
    expect(passwordSchema.safeParse("a".repeat(73)).success).toBe(false);
    expect(passwordSchema.safeParse("密".repeat(25)).success).toBe(false); // 75 bytes
  });
});
