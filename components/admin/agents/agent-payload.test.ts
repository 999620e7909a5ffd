import { describe, expect, it } from "vitest";
import { privateSharing, updateScope } from "@/components/sharing/sharing-state";
import { agentPayload } from "./agent-payload";

const identity = { name: " Orbit ", slug: "orbit", description: " Plans trips ", isSubagent: true };
const config = { system_prompt: "Be brief" };

describe("agentPayload", () => {
  it("creates with type and sharing, trimmed", () => {
    const sharing = updateScope(privateSharing(), "read", { departmentIds: ["d1"] });
    expect(agentPayload({ identity, config, sharing, initialSharing: undefined, creating: true })).toEqual({
      name: "Orbit",
      slug: "orbit",
      description: "Plans trips",
      config,
      isSubagent: true,
      sharing,
    });
  });

  it("edits without resending unchanged sharing (or the fixed type)", () => {
    const stored = updateScope(privateSharing(), "read", { global: true, departmentIds: ["a", "b"] });
    const same = updateScope(privateSharing(), "read", { global: true, departmentIds: ["b", "a"] });
    const body = agentPayload({ identity, config, sharing: same, initialSharing: stored, creating: false });
    expect(body).not.toHaveProperty("sharing");
    expect(body).not.toHaveProperty("isSubagent");
  });

  it("edits with sharing when it changed", () => {
    const changed = updateScope(privateSharing(), "manage", { userIds: ["u1"] });
    expect(
      agentPayload({ identity, config, sharing: changed, initialSharing: privateSharing(), creating: false }),
    ).toHaveProperty("sharing", changed);
  });
});
