import { describe, expect, it } from "vitest";
import { grantRules } from "./grant-rules";

describe("grantRules (the server's canGrant, part by part)", () => {
  it("lets the superadmin grant everything", () => {
    const rules = grantRules({ role: "superadmin", departmentId: null });
    expect(rules.global).toBe(true);
    expect(rules.department("any")).toBe(true);
    expect(rules.users).toBe(true);
    expect(rules.globalReason).toBeNull();
    expect(rules.departmentReason).toBeNull();
  });

  it("keeps an admin to their own department and says why", () => {
    const rules = grantRules({ role: "admin", departmentId: "d1" });
    expect(rules.global).toBe(false);
    expect(rules.globalReason).toBe("globalSuperadminOnly");
    expect(rules.department("d1")).toBe(true);
    expect(rules.department("d2")).toBe(false);
    expect(rules.departmentReason).toBe("ownDepartmentOnly");
    expect(rules.users).toBe(true);
  });

  it("gives an admin without a department no department to grant", () => {
    const rules = grantRules({ role: "admin", departmentId: null });
    expect(rules.department("d1")).toBe(false);
    expect(rules.departmentReason).toBe("noDepartment");
  });

  it("lets a member share with named people only", () => {
    const rules = grantRules({ role: "user", departmentId: "d1" });
    expect(rules.global).toBe(false);
    expect(rules.department("d1")).toBe(false);
    expect(rules.departmentReason).toBe("departmentAdminsOnly");
    expect(rules.users).toBe(true);
  });
});
