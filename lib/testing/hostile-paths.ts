import fs from "node:fs";
import path from "node:path";

/**
 * The hostile-path corpus: traversal, absolute host paths, encodings, Windows
 * separators, control characters (NUL), over-long names, symlinks planted inside the workspace
 * and writes into the read-only skills mount. Used by the guard's unit tests and by the
 * scripted agent test that sends every path through the real filesystem tools.
 */
export const SECRET = "OUTSIDE-SECRET";

const U = "/home/gem/user-data";
const traversal = [
  `${U}/../../etc/passwd`,
  `${U}/..`,
  `${U}/a/../../x`,
  `${U}/./../x`,
  `${U}/projects/../../..`,
  `${U}/projects/t1/../../../secret.txt`,
  "../secret.txt",
  "..",
  "../../../../etc/shadow",
  "./../x",
  `${U}/a/b/c/../../../../x`,
  `/home/gem/../gem/user-data/x`,
  `/home/gem/user-data/..%2f..%2fsecret.txt`,
  `${U}/....//....//etc`,
  `${U}/.../...`,
  `/home/gem/user-data/../user-data2/x`,
  `/home/gem/user-data2/x`,
  `/home/gem/user-dataX`,
  `/home/gem`,
  `/home/gem/`,
  `/home`,
  `/`,
  `//etc/passwd`,
  `///home/gem/user-data/../..`,
];
const absolute = [
  "/etc/passwd",
  "/etc/shadow",
  "/root/.ssh/id_rsa",
  "/proc/self/environ",
  "/proc/self/cwd/secret.txt",
  "/dev/zero",
  "/sys/kernel",
  "/tmp/x",
  "/var/lib",
  "file:///etc/passwd",
  "etc/passwd",
  "secret.txt",
  "~/secret",
  "~root/.bashrc",
  "$HOME/x",
  "${HOME}/x",
  "C:\\Windows\\System32\\drivers\\etc\\hosts",
  "C:/Windows/win.ini",
  "c:secret",
  "\\\\server\\share\\x",
  "//server/share/x",
  "\\\\?\\C:\\x",
  "/home/gem/skills/../user-data/../../etc",
];
const encodings = [
  `${U}/%2e%2e/%2e%2e/secret.txt`,
  `${U}/%252e%252e/secret.txt`,
  `${U}/..%c0%af..%c0%afsecret.txt`,
  `${U}/%c0%ae%c0%ae/secret.txt`,
  `${U}/\u2024\u2024/secret.txt`,
  `${U}/\uff0e\uff0e/secret.txt`,
  `${U}/\u202e..\u202c/secret.txt`,
  `${U}/..\u200b/secret.txt`,
  `${U}/%00/x`,
  `${U}/.%2e/secret.txt`,
  `${U}/%2e./secret.txt`,
  `${U}/..;/secret.txt`,
  `${U}/..%00/secret.txt`,
  `${U}/%5c..%5csecret.txt`,
];
const separators = [
  `${U}\\..\\..\\secret.txt`,
  `..\\..\\secret.txt`,
  `${U}/a\\..\\..\\..\\secret.txt`,
  `${U}/..\\secret.txt`,
  `\\home\\gem\\user-data\\x`,
  `${U}/\\../secret.txt`,
];
const controls = [
  `${U}/a\u0000/../../secret.txt`,
  `${U}/x\u0000.txt`,
  `\u0000`,
  `${U}/\u0000`,
  `${U}/new\nline`,
  `${U}/tab\tname`,
  `${U}/bell\u0007`,
  `${U}/del\u007f`,
  `${U}/cr\r`,
  `${U}/esc\u001b[31m`,
];
const long = [
  `${U}/${"a".repeat(256)}`,
  `${U}/${"界".repeat(86)}`,
  `${U}/${"a/".repeat(600)}x`,
  `${U}/${"x".repeat(2000)}`,
  `${U}/${"../".repeat(400)}etc`,
  "/".repeat(5000),
  `${U}/${"%2e%2e/".repeat(200)}`,
];
const symlinks = [
  `${U}/to-sandbox/secret.txt`,
  `${U}/to-sandbox/workspaces/u2/notes.md`,
  `${U}/to-etc/passwd`,
  `${U}/to-etc/hostname`,
  `${U}/to-neighbour/notes.md`,
  `${U}/secret-link.txt`,
  `${U}/chain/secret.txt`,
  `${U}/projects/t1/up/secret.txt`,
  `${U}/projects/t1/up/workspaces/u2/notes.md`,
  `${U}/to-sandbox/new-file.txt`,
  `${U}/to-etc/new-file`,
  `${U}/to-neighbour/planted.md`,
  `${U}/chain/deeper/new.txt`,
  `${U}/projects/t1/up/x.txt`,
];
const skillWrites = [
  "/home/gem/skills/knowledge-base/SKILL.md",
  "/home/gem/skills/x/../../user-data/x",
  "/home/gem/skills/new.txt",
];

export const hostileCorpus: string[] = [
  ...traversal,
  ...absolute,
  ...encodings,
  ...separators,
  ...controls,
  ...long,
  ...symlinks,
  ...skillWrites,
];

/**
 * Lays out `sandbox` like a data dir: a secret next to the workspaces, a neighbour user (u2)
 * with a secret note, and symlinks inside `userRoot` as an agent might plant them.
 */
export function plantHostileFixture(sandbox: string, userRoot: string): void {
  fs.mkdirSync(path.join(userRoot, "projects", "t1", "uploads"), { recursive: true });
  fs.writeFileSync(path.join(sandbox, "secret.txt"), SECRET);
  fs.mkdirSync(path.join(sandbox, "workspaces", "u2"), { recursive: true });
  fs.writeFileSync(path.join(sandbox, "workspaces", "u2", "notes.md"), SECRET);
  fs.symlinkSync(sandbox, path.join(userRoot, "to-sandbox"));
  fs.symlinkSync("/etc", path.join(userRoot, "to-etc"));
  fs.symlinkSync("../u2", path.join(userRoot, "to-neighbour"));
  fs.symlinkSync(path.join(sandbox, "secret.txt"), path.join(userRoot, "secret-link.txt"));
  fs.symlinkSync("to-sandbox", path.join(userRoot, "chain"));
  fs.symlinkSync("../../..", path.join(userRoot, "projects", "t1", "up"));
  fs.writeFileSync(path.join(userRoot, "inside.txt"), "fine");
  fs.symlinkSync(path.join(userRoot, "inside.txt"), path.join(userRoot, "inside-link.txt"));
}

/** Files outside the user's root that must be untouched, and files that must never appear. */
export function outsideUntouched(sandbox: string): { secretsIntact: boolean; planted: string[] } {
  const secretsIntact =
    fs.readFileSync(path.join(sandbox, "secret.txt"), "utf8") === SECRET &&
    fs.readFileSync(path.join(sandbox, "workspaces", "u2", "notes.md"), "utf8") === SECRET;
  const planted = [
    path.join(sandbox, "new-file.txt"),
    path.join(sandbox, "workspaces", "u2", "planted.md"),
    path.join(sandbox, "x.txt"),
  ].filter((f) => fs.existsSync(f));
  return { secretsIntact, planted };
}
