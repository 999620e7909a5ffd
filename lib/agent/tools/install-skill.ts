import path from "node:path";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { formatBytes } from "@/lib/i18n/format-bytes";
import { ApiError } from "@/lib/errors/api-error";
import { isArchiveNoise } from "@/lib/skills/file-path";
import { skillPackageLimits } from "@/lib/skills/limits";
import { personalSkillFolder, writeSkillFiles, type SkillFolder } from "@/lib/skills/folders";
import { checkFileSize, validateSkillPackage } from "@/lib/skills/package";
import { describeFsError, type WorkspaceBackend } from "@/lib/workspace/backend";
import { openWorkspace } from "@/lib/workspace/open";
import { VIRTUAL } from "@/lib/workspace/paths";
import { parseVirtualPath } from "@/lib/workspace/virtual-path";
import { INSTALL_SKILL } from "./names";
import { toolMetadata } from "./tool-properties";

const args = z.object({
  source_dir: z
    .string()
    .min(1)
    .max(1024)
    .describe(`Absolute path of a folder under ${VIRTUAL.userData}/ that holds SKILL.md and the skill's files`),
  overwrite: z
    .boolean()
    .default(false)
    .describe("Replace an existing personal skill with the same slug (only after the user agreed)"),
});

class Refused extends Error {}

/** Every file below `dir` (relative path -> bytes), refused as soon as a package limit is passed. */
async function readFolder(ws: WorkspaceBackend, dir: string): Promise<Map<string, Uint8Array>> {
  const limits = skillPackageLimits();
  const files = new Map<string, Uint8Array>();
  let total = 0;
  const queue = [dir];
  while (queue.length) {
    for (const entry of await ws.list(queue.shift()!)) {
      const rel = entry.virtual.slice(dir.length + 1);
      if (isArchiveNoise(rel)) continue;
      if (entry.kind === "dir") {
        queue.push(entry.virtual);
        continue;
      }
      checkFileSize(rel, entry.size, limits);
      total += entry.size;
      if (files.size >= limits.maxEntries)
        throw new Refused(
          `The folder holds more than ${limits.maxEntries} files; a skill may have at most ${limits.maxEntries}.`,
        );
      if (total > limits.maxTotalBytes)
        throw new Refused(
          `The folder's files add up to more than ${formatBytes(limits.maxTotalBytes)}, the most a skill may hold.`,
        );
      files.set(rel, await ws.readBytes(entry.virtual));
    }
  }
  return files;
}

async function install(userId: string, sourceDir: string, overwrite: boolean): Promise<string> {
  const ws = openWorkspace(userId);
  const source = parseVirtualPath(sourceDir);
  if (source.mount !== "user-data")
    throw new Refused(`install_skill copies a folder of your workspace: name a folder under ${VIRTUAL.userData}/.`);
  const root = await ws.stat(source.virtual);
  if (!root) throw new Refused(`No such folder: ${source.virtual}`);
  if (root.kind !== "dir") throw new Refused(`${source.virtual} is a file; name the folder that holds SKILL.md.`);

  const pkg = validateSkillPackage(await readFolder(ws, source.virtual), {
    folderName: path.posix.basename(source.virtual),
  });
  const target = `${VIRTUAL.personalSkills}/${pkg.slug}`;
  if (source.virtual === target)
    throw new Refused(`${source.virtual} already is the personal skill "${pkg.slug}"; there is nothing to install.`);
  if (target.startsWith(`${source.virtual}/`) || source.virtual.startsWith(`${target}/`)) {
    throw new Refused(
      `${source.virtual} and the skill's place ${target} overlap; copy the skill to a folder of its own first.`,
    );
  }
  const folder = personalSkillFolder(userId, pkg.slug);
  const existing = await folder.exists();
  if (existing && !overwrite) {
    throw new Refused(
      `A personal skill "${pkg.slug}" already exists at ${target}/. Ask the user whether to replace it (then call install_skill again with overwrite: true), or give this skill another \`slug:\` in its SKILL.md front matter.`,
    );
  }
  await replaceSkillFiles(folder, pkg.files, existing);
  const bytes = [...pkg.files.values()].reduce((sum, b) => sum + b.length, 0);
  return (
    `Installed the personal skill "${pkg.meta.name}" (slug ${pkg.slug}) at ${target}/ with ${pkg.files.size} file(s), ${formatBytes(bytes)}. ` +
    `It is available from the user's next message (a personal skill replaces a shared skill with the same slug); its instructions are in ${target}/SKILL.md.`
  );
}

/**
 * Replaces a folder's content with `files`. The previous files are kept in memory (a skill is
 * bounded by the package limits) and written back if the new ones cannot all be written, so a
 * failed reinstall never leaves the user without the skill.
 */
async function replaceSkillFiles(
  folder: SkillFolder,
  files: Map<string, Uint8Array>,
  existing: boolean,
): Promise<void> {
  const previous = new Map<string, Uint8Array>();
  if (existing) for (const entry of await folder.list()) previous.set(entry.path, await folder.read(entry.path));
  if (existing) await folder.removeAll();
  try {
    await writeSkillFiles(folder, files);
  } catch (err) {
    if (previous.size)
      await writeSkillFiles(folder, previous).catch((restore) =>
        console.error("[install_skill] could not restore the previous skill:", restore),
      );
    throw err;
  }
}

/**
 * `install_skill` (main agent only): copies a skill folder from the user's workspace into their
 * personal skills, checked like an upload (SKILL.md front matter, package limits, slug rule).
 */
export function installSkillTool(ctx: AgentRuntimeContext) {
  return tool(
    async ({ source_dir, overwrite }) => {
      try {
        return await install(ctx.actor.id, source_dir, overwrite);
      } catch (err) {
        return `Error: ${err instanceof Refused || err instanceof ApiError ? err.message : describeFsError(err, source_dir)}`;
      }
    },
    {
      name: INSTALL_SKILL,
      description:
        "Install a skill folder from the user's workspace as one of their personal skills (in " +
        `${VIRTUAL.personalSkills}/<slug>/). The folder needs a SKILL.md with front matter (name, description, ` +
        "optional slug and dependencies). Use it when the user asks to save or install a skill.",
      schema: args,
      // Changes the user's setup: approvals ask (outside `trust`), subagents never get it.
      metadata: toolMetadata({ sideEffect: "external", mainAgentOnly: true }),
    },
  );
}
