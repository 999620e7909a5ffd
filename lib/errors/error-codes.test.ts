import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ERROR_CODES, ERROR_STATUS, isErrorCode, type ErrorCode, type ErrorType } from "./error-codes";
import { ApiError, errorJson } from "./api-error";

// route() imports the session reader; these tests use only public routes.
vi.mock("@/lib/auth/config", () => ({ auth: vi.fn() }));
const { route } = await import("@/lib/api/route");

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];
const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every place a code is handed to the server's error shape: `new ApiError(` and `errorJson(`. */
function codeArguments(): { file: string; arg: string }[] {
  const files = ["lib", "app"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  return files.flatMap((file) => {
    const source = fs.readFileSync(file, "utf8");
    const calls = [...source.matchAll(/(?:new ApiError|\berrorJson)\(\s*([^,)]*)/g)];
    return calls.map((m) => ({ file: path.relative(ROOT, file), arg: m[1].trim() }));
  });
}

describe("the error code list", () => {
  it("gives every code the status of its type, and a lower-case surface", () => {
    for (const code of CODES) {
      const [type, surface, ...rest] = code.split(":");
      expect(rest, code).toEqual([]);
      expect(Object.keys(ERROR_STATUS), code).toContain(type);
      expect(surface, code).toMatch(/^[a-z][a-z_]*$/);
      expect(ERROR_CODES[code], code).toBe(ERROR_STATUS[type as ErrorType]);
      expect(ERROR_CODES[code] >= 400 && ERROR_CODES[code] <= 599, code).toBe(true);
    }
  });

  it("declares each code once (a repeated key in the literal would silently win)", () => {
    const source = fs.readFileSync(path.join(ROOT, "lib/errors/error-codes.ts"), "utf8");
    const declared = [...source.matchAll(/^\s*"([a-z_]+:[a-z_]+)":\s*\d{3},$/gm)].map((m) => m[1]);
    expect(declared.length).toBe(CODES.length);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("has one spelling per surface (no singular and plural of the same word)", () => {
    const surfaces = new Set(CODES.map((c) => c.split(":")[1]));
    expect([...surfaces].filter((s) => surfaces.has(`${s}s`))).toEqual([]);
  });

  it("recognises declared codes only", () => {
    expect(isErrorCode("not_found:file")).toBe(true);
    expect(isErrorCode("not_found:files")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
  });

  it("does not compile an undeclared code", () => {
    // @ts-expect-error -- "not_found:nothing" is not in ERROR_CODES
    const err = new ApiError("not_found:nothing", "x");
    expect(err).toBeInstanceOf(ApiError);
  });
});

describe("route() answers a thrown ApiError with its declared status and the {error: {code, message}} shape", () => {
  it.each(CODES)("%s", async (code) => {
    const handler = route({ auth: false }, () => {
      throw new ApiError(code, `failed with ${code}`, { "x-reason": "test" });
    });
    const res = await handler(new Request("http://localhost:3100/api/test"));
    expect(res.status).toBe(ERROR_CODES[code]);
    expect(res.headers.get("x-reason")).toBe("test");
    expect(await res.json()).toEqual({ error: { code, message: `failed with ${code}` } });
  });

  it("answers any other thrown error as 500 internal:api without its text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await route({ auth: false }, () => {
      throw new Error("secret detail");
    })(new Request("http://localhost:3100/api/test"));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(errorJson("internal:api", "Something went wrong on the server."));
  });
});

describe("codes in the source", () => {
  // errors.ts defines errorJson() and passes on an ApiError's code: its non-literal arguments are typed.
  const args = codeArguments().filter((a) => a.file !== "lib/errors/api-error.ts" || a.arg.startsWith('"'));

  it("finds the constructor calls (the scan itself works)", () => {
    expect(args.length).toBeGreaterThan(100);
  });

  it("passes every code as a string literal, so this scan sees them all", () => {
    expect(args.filter((a) => !/^"[^"]*"$/.test(a.arg))).toEqual([]);
  });

  it("uses only declared codes in lib/ and app/", () => {
    const undeclared = args.filter((a) => !isErrorCode(a.arg.slice(1, -1)));
    expect(undeclared, "declare these in lib/errors/error-codes.ts").toEqual([]);
  });

  it("declares no code that nothing answers with", () => {
    const used = new Set(args.map((a) => a.arg.slice(1, -1)));
    expect(CODES.filter((c) => !used.has(c))).toEqual([]);
  });
});
