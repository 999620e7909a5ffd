import type { Sharing } from "@/lib/sharing/types";

/**
 * Who may use a server, in the three choices the form offers. Admins share within their
 * department, the superadmin with everyone; anything else set through the API shows as custom
 * and is left untouched unless the admin picks another choice.
 */
export type SharingChoice = "private" | "department" | "everyone" | "custom";
export type SharingActor = { role: "superadmin" | "admin" | "user"; departmentId: string | null };

const scope = (over: Partial<Sharing["read"]> = {}) => ({ global: false, departmentIds: [], userIds: [], ...over });

export function choicesFor(actor: SharingActor): SharingChoice[] {
  if (actor.role === "superadmin") return ["private", "everyone"];
  return actor.departmentId ? ["private", "department"] : ["private"];
}

export function sharingChoice(sharing: Sharing | undefined, actor: SharingActor): SharingChoice {
  const read = sharing?.read ?? scope();
  const manage = sharing?.manage ?? scope();
  const manageEmpty = !manage.global && manage.departmentIds.length === 0 && manage.userIds.length === 0;
  if (!manageEmpty || read.userIds.length > 0) return "custom";
  if (read.global) return read.departmentIds.length === 0 ? "everyone" : "custom";
  if (read.departmentIds.length === 0) return "private";
  return read.departmentIds.length === 1 && read.departmentIds[0] === actor.departmentId ? "department" : "custom";
}

export function sharingFor(choice: Exclude<SharingChoice, "custom">, actor: SharingActor): Sharing {
  const read =
    choice === "everyone"
      ? scope({ global: true })
      : choice === "department" && actor.departmentId
        ? scope({ departmentIds: [actor.departmentId] })
        : scope();
  return { read, manage: scope() };
}
