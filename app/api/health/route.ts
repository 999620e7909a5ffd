import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/errors/api-error";
import { pingDatabase } from "@/lib/db/health";
import { dbKind } from "@/lib/config/env";
import packageJson from "@/package.json";

export const dynamic = "force-dynamic";

export const GET = route({ auth: false }, async () => {
  try {
    await pingDatabase();
  } catch (err) {
    console.error("[health] database check failed", err);
    throw new ApiError("unavailable:db", "The database is not reachable.");
  }
  return { ok: true, db: dbKind(), version: packageJson.version };
});
