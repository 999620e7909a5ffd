/** Client-side view of the file API shapes (docs/API.md, "Files"). Paths are virtual. */

/** "workdir": the conversation's folder; "workspace": the user's personal files. */
export type FileScope = "workdir" | "workspace";

export type { FileEntryJson as FileEntry, DirectoryListingJson as DirectoryListing } from "@/lib/files/listing";

export type UploadResult = { name: string; path: string; size: number; mediaType: string };

/** A file the agent presented with `present_artifacts` (data part `data-artifacts`). */
export type { Artifact } from "@/lib/agent/ui-parts";

/** What the panel shows: a file of one scope (its metadata when the caller knows it). */
export type FileTarget = {
  scope: FileScope;
  path: string;
  name: string;
  size?: number;
  mediaType?: string;
  modifiedAt?: string;
};
