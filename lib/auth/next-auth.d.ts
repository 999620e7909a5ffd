import type { DefaultSession } from "next-auth";
import type { Role } from "@/lib/identity/roles";

/** What `auth()` and `GET /api/auth/session` carry about the signed-in user (docs/API.md, "/api/auth/session"). */
declare module "next-auth" {
  interface Session {
    user: { id: string; name: string; role: Role } & DefaultSession["user"];
  }
  interface User {
    role?: Role;
  }
}
