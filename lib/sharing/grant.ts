import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { canGrant } from "./resolve-access";
import type { Sharing } from "./types";

/** Refuses a sharing value the actor may not grant (plain users: named people; admins: their department). */
export function assertMayGrant(actor: Actor, sharing: Sharing): void {
  if (!canGrant(actor, sharing.read) || !canGrant(actor, sharing.manage)) {
    throw new ApiError(
      "forbidden:sharing",
      "You may not share this widely. Admins share within their department; only the superadmin shares globally.",
    );
  }
}
