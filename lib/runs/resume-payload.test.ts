import { describe, expect, it } from "vitest";
import type { ApprovalRequest, QuestionRequest } from "@/lib/agent/interrupt-payloads";
import { resumeBodySchema, resumeValueFor, type ResumeBody } from "./resume-payload";

const approval: ApprovalRequest = {
  kind: "approval",
  actions: [
    {
      toolCallId: "call-1",
      name: "write_file",
      args: { file_path: "/home/gem/user-data/a.md", content: "draft" },
      allowedDecisions: ["approve", "edit", "reject"],
      argsSchema: {
        type: "object",
        properties: { file_path: { type: "string" }, content: { type: "string" } },
        required: ["file_path", "content"],
        additionalProperties: false,
      },
    },
    {
      toolCallId: "call-2",
      name: "edit_file",
      args: { file_path: "/x", old_string: "a", new_string: "b" },
      allowedDecisions: ["approve", "reject"],
    },
  ],
};

const form: QuestionRequest = {
  kind: "question",
  toolCallId: "call-q",
  questions: [
    {
      id: "q1",
      question: "Format?",
      options: [
        { id: "q1-o1", label: "PDF" },
        { id: "q1-o2", label: "Word" },
      ],
      multiSelect: false,
      allowOther: true,
    },
    {
      id: "q2",
      question: "Sections?",
      options: [
        { id: "q2-o1", label: "Intro" },
        { id: "q2-o2", label: "Body" },
        { id: "q2-o3", label: "End" },
      ],
      multiSelect: true,
      allowOther: false,
    },
  ],
};

const body = (value: unknown) => resumeBodySchema.parse(value) as ResumeBody;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as { code: string; status: number; message: string };
  }
  throw new Error("expected a refusal");
};

describe("approval decisions", () => {
  it("attach the stored tool call ids in order, trim reasons and keep valid edits", () => {
    const value = resumeValueFor(
      approval,
      body({
        decisions: [
          { type: "edit", args: { file_path: "/home/gem/user-data/b.md", content: "final" } },
          { type: "reject", message: "  not this one " },
        ],
      }),
    );
    expect(value).toEqual({
      decisions: [
        { toolCallId: "call-1", type: "edit", args: { file_path: "/home/gem/user-data/b.md", content: "final" } },
        { toolCallId: "call-2", type: "reject", message: "not this one" },
      ],
    });
  });

  it("refuse a count that differs from the pending actions", () => {
    const err = refusal(() => resumeValueFor(approval, body({ decisions: [{ type: "approve" }] })));
    expect(err).toMatchObject({ code: "bad_request:resume", status: 400 });
    expect(err.message).toContain("2 expected, 1 received");
  });

  it("refuse a decision the action does not allow", () => {
    const err = refusal(() =>
      resumeValueFor(approval, body({ decisions: [{ type: "approve" }, { type: "edit", args: {} }] })),
    );
    expect(err.message).toContain('"edit" is not allowed for edit_file');
  });

  it("refuse edited arguments that break the tool's schema", () => {
    for (const args of [
      { file_path: "/a", content: 5 },
      { file_path: "/a" },
      { file_path: "/a", content: "x", mode: "777" },
    ]) {
      const err = refusal(() =>
        resumeValueFor(approval, body({ decisions: [{ type: "edit", args }, { type: "approve" }] })),
      );
      expect(err.message).toMatch(/edited arguments of write_file are not valid/);
    }
  });

  it("refuse a decision addressed to another tool call than the stored one", () => {
    const err = refusal(() =>
      resumeValueFor(approval, body({ decisions: [{ type: "approve", toolCallId: "forged" }, { type: "approve" }] })),
    );
    expect(err.message).toContain("another tool call");
  });

  it("refuse answers sent to an approval", () => {
    expect(
      refusal(() => resumeValueFor(approval, body({ answers: [{ questionId: "q1", optionIds: ["x"] }] }))).message,
    ).toContain("approval decisions");
  });
});

describe("question answers", () => {
  it("come back in the form's order with the chosen options and own words", () => {
    const value = resumeValueFor(
      form,
      body({
        answers: [
          { questionId: "q2", optionIds: ["q2-o3", "q2-o1", "q2-o1"] },
          { questionId: "q1", optionIds: [], other: "  Markdown " },
        ],
      }),
    );
    expect(value).toEqual({
      answers: [
        { questionId: "q1", optionIds: [], other: "Markdown" },
        { questionId: "q2", optionIds: ["q2-o3", "q2-o1"] },
      ],
    });
  });

  const cases: [string, unknown, RegExp][] = [
    [
      "an unknown question id",
      {
        answers: [
          { questionId: "q9", optionIds: ["q1-o1"] },
          { questionId: "q2", optionIds: ["q2-o1"] },
        ],
      },
      /no question "q9"/,
    ],
    [
      "an option the question does not offer",
      {
        answers: [
          { questionId: "q1", optionIds: ["q2-o1"] },
          { questionId: "q2", optionIds: ["q2-o1"] },
        ],
      },
      /not offered/,
    ],
    [
      "two choices on a single-select question",
      {
        answers: [
          { questionId: "q1", optionIds: ["q1-o1", "q1-o2"] },
          { questionId: "q2", optionIds: ["q2-o1"] },
        ],
      },
      /one answer only/,
    ],
    [
      "an option plus own words on a single-select question",
      {
        answers: [
          { questionId: "q1", optionIds: ["q1-o1"], other: "also" },
          { questionId: "q2", optionIds: ["q2-o1"] },
        ],
      },
      /one answer only/,
    ],
    [
      "own words where they are not allowed",
      {
        answers: [
          { questionId: "q1", optionIds: ["q1-o1"] },
          { questionId: "q2", optionIds: [], other: "x" },
        ],
      },
      /own words/,
    ],
    [
      "an empty answer",
      {
        answers: [
          { questionId: "q1", optionIds: [], other: "   " },
          { questionId: "q2", optionIds: ["q2-o1"] },
        ],
      },
      /has no answer/,
    ],
    ["a missing question", { answers: [{ questionId: "q1", optionIds: ["q1-o1"] }] }, /"q2" missing/],
    [
      "a question answered twice",
      {
        answers: [
          { questionId: "q1", optionIds: ["q1-o1"] },
          { questionId: "q1", optionIds: ["q1-o2"] },
        ],
      },
      /answered twice/,
    ],
    ["decisions sent to a question form", { decisions: [{ type: "approve" }] }, /answers to its questions/],
  ];
  for (const [name, payload, message] of cases) {
    it(`refuse ${name}`, () => {
      const err = refusal(() => resumeValueFor(form, body(payload)));
      expect(err).toMatchObject({ code: "bad_request:resume", status: 400 });
      expect(err.message).toMatch(message);
    });
  }
});

describe("the request body", () => {
  it("refuses unknown fields, both shapes at once and over-long reasons", () => {
    expect(resumeBodySchema.safeParse({ decisions: [{ type: "approve", args: {} }] }).success).toBe(false);
    expect(resumeBodySchema.safeParse({ decisions: [{ type: "approve" }], answers: [] }).success).toBe(false);
    expect(resumeBodySchema.safeParse({ decisions: [{ type: "reject", message: "x".repeat(2001) }] }).success).toBe(
      false,
    );
    expect(resumeBodySchema.safeParse({ decisions: [] }).success).toBe(false);
  });
});
