/**
 * Names of the tools more than one module refers to (the agent, the UI, the scripted model).
 * Plain constants with no imports, so client components can use them too.
 */

/** Filesystem tools (deepagents, over the user's workspace). */
export const LS = "ls";
export const READ_FILE = "read_file";
export const WRITE_FILE = "write_file";
export const EDIT_FILE = "edit_file";
export const GLOB = "glob";
export const GREP = "grep";

export const WRITE_TODOS = "write_todos";
export const ASK_USER_QUESTION = "ask_user_question";
export const PRESENT_ARTIFACTS = "present_artifacts";
export const OCR_PARSE_FILE = "ocr_parse_file";
export const INSTALL_SKILL = "install_skill";
