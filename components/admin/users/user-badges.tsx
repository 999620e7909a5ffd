"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import type { AdminUser, Role } from "../types";

const ROLE_STYLE: Record<Role, string> = {
  superadmin: "bg-brand text-brand-foreground",
  admin: "bg-brand-soft text-brand",
  user: "bg-muted text-muted-foreground",
};

export function RoleBadge({ role }: { role: Role }) {
  const t = useTranslations("settings.roles");
  return (
    <span
      className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", ROLE_STYLE[role])}
    >
      {t(role)}
    </span>
  );
}

export type UserStatus = "active" | "disabled" | "locked";

function userStatus(user: AdminUser, now = Date.now()): UserStatus {
  if (user.disabled) return "disabled";
  if (user.lockedUntil && Date.parse(user.lockedUntil) > now) return "locked";
  return "active";
}

const STATUS_DOT: Record<UserStatus, string> = {
  active: "bg-success",
  disabled: "bg-danger",
  locked: "bg-warning",
};

export function StatusBadge({ user }: { user: AdminUser }) {
  const t = useTranslations("admin.users.status");
  const status = userStatus(user);
  return (
    <span className="inline-flex items-center gap-1.5 text-sm whitespace-nowrap" data-status={status}>
      <span className={cn("size-2 rounded-full", STATUS_DOT[status])} aria-hidden />
      {t(status)}
    </span>
  );
}
