import type { CompletionMessage } from "@/lib/models/complete";

/** Starts the title request's system message; the offline demo model recognises it. */
export const TITLE_SYSTEM_MARKER = "You name conversations for a chat app's sidebar.";

const INSTRUCTIONS = `${TITLE_SYSTEM_MARKER}

Write a title for the conversation below: 2 to 6 words that say what it is about, in the language of the user's message. Plain text only: no quotes, no markdown, no emoji, no final punctuation, no "Title:". Answer with the title alone.`;

/** How much of the question and of the answer the title is made from. */
const EXCERPT_CHARS = 1_200;

const excerpt = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)} …` : text);

export function titleMessages(question: string, answer: string): CompletionMessage[] {
  return [
    { role: "system", content: INSTRUCTIONS },
    {
      role: "user",
      content: `<conversation>\nUser: ${excerpt(question.trim())}\nAssistant: ${excerpt(answer.trim())}\n</conversation>`,
    },
  ];
}

export const MAX_TITLE_CHARS = 60;

/** The title a conversation gets from its first message, until a generated one replaces it. */
export function autoTitle(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_TITLE_CHARS ? `${line.slice(0, MAX_TITLE_CHARS - 1)}…` : line;
}

/**
 * The model's answer as a sidebar title, or null when nothing usable is left: first line,
 * without markdown, quotes, a "Title:" label or final punctuation, at most 60 characters
 * (cut at a word when there is one).
 */
export function sanitizeTitle(raw: string): string | null {
  const line =
    raw
      .replace(/```[\s\S]*?```/g, " ")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? "";
  let title = line
    .replace(/^(title|标题)\s*[:：]\s*/i, "")
    .replace(/^#+\s*/, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  // Quotes around the title and punctuation after it, in any order ("「…」。", "\"….\"").
  for (let previous = ""; previous !== title;) {
    previous = title;
    title = title
      .replace(/^["'“”‘’「」『』《》]+|["'“”‘’「」『』《》]+$/gu, "")
      .replace(/[.。!！?？:：;；,，、]+$/u, "")
      .trim();
  }
  const chars = [...title];
  if (chars.length > MAX_TITLE_CHARS) {
    const cut = chars.slice(0, MAX_TITLE_CHARS).join("");
    const space = cut.lastIndexOf(" ");
    title = (space > MAX_TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trim();
  }
  return title || null;
}
