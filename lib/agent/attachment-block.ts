/**
 * The `<attachments>` block the model sees after the user's text: one owner for its format, so
 * the scripted demo model can read it back. Pure (no imports): the model server loads it too.
 */
export type AttachmentRef = { name: string; path: string };

const OPEN = "<attachments>";
const CLOSE = "</attachments>";
const BLOCK = /\s*<attachments>\n[\s\S]*?\n<\/attachments>\s*/g;
const LINE = /^- (.+?): (\/.*)$/;

/** Every file uploaded to the conversation, one `- name: path` line each. */
export function attachmentBlock(files: AttachmentRef[]): string {
  const lines = files.map((f) => `- ${f.name.replace(/[\r\n]+/g, " ")}: ${f.path}`);
  return [
    OPEN,
    "Files the user uploaded to this conversation (read them with read_file when they are relevant):",
    ...lines,
    CLOSE,
  ].join("\n");
}

/** The user's own text without the block, and the files the block listed. */
export function splitAttachmentBlock(text: string): { text: string; files: AttachmentRef[] } {
  const files: AttachmentRef[] = [];
  for (const block of text.match(BLOCK) ?? []) {
    for (const line of block.split("\n")) {
      const m = LINE.exec(line.trim());
      if (m) files.push({ name: m[1], path: m[2] });
    }
  }
  return { text: text.replace(BLOCK, " ").trim(), files };
}
