/** What a chunk's vector (and its rerank input) is made of: its heading path, then its text. */
export const embeddingText = (c: { headingPath: string[]; content: string }) =>
  c.headingPath.length ? `${c.headingPath.join(" > ")}\n\n${c.content}` : c.content;
