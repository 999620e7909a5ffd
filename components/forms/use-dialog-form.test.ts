import { describe, expect, it } from "vitest";
import { issuesByField } from "./use-issue-text";
import { placeIssues } from "./use-dialog-form";

const issue = (path: string, code = "too_small") => ({ path, code, message: `${path} is wrong` });
const text = (i: { path: string; code: string }) => `[${i.code}]`;

describe("placeIssues", () => {
  it("puts each shown field's first issue on it, and names the others in one line", () => {
    const placed = placeIssues(
      [issue("password"), issue("password", "custom"), issue("role", "invalid_value"), issue("sharing.read.userIds")],
      ["username", "password"],
      text,
    );
    expect(placed.fields).toEqual({ password: "[too_small]" });
    expect(placed.line).toBe("role: [invalid_value] sharing: [too_small]");
  });

  it("gives no line when every issue has its field", () => {
    expect(placeIssues([issue("username")], ["username"], text)).toEqual({
      fields: { username: "[too_small]" },
      line: null,
    });
  });

  it("a form that shows no fields gets every issue in its line, so nothing is silently lost", () => {
    expect(placeIssues([issue("name"), issue("description")], [], text).line).toBe(
      "name: [too_small] description: [too_small]",
    );
  });
});

describe("issuesByField", () => {
  it("keys by the top-level field and keeps the first issue", () => {
    expect(Object.keys(issuesByField([issue("a.b"), issue("a.c"), issue("d")]))).toEqual(["a", "d"]);
    expect(issuesByField([issue(""), issue("x")])).toEqual({ x: issue("x") });
  });
});
