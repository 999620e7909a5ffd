import { derivedKey } from "@/lib/config/secrets";
import { createDemoModel, type DemoModel } from "@/lib/demo-model";

/**
 * The built-in `demo` provider: the scripted model server's core mounted in the app at
 * /api/demo-model/v1, model endpoints only (no control API), behind a key derived from
 * AUTH_SECRET so the app's own model client is the only caller.
 */
export const dynamic = "force-dynamic";

type DemoModelGlobal = typeof globalThis & { __meridianDemoModel?: DemoModel };

// One instance per process: dev hot reload re-evaluates this module but keeps globalThis.
function demoModel(): DemoModel {
  const holder = globalThis as DemoModelGlobal;
  holder.__meridianDemoModel ??= createDemoModel({
    basePath: "/api/demo-model/v1",
    apiKey: derivedKey("demo-model"),
    control: false,
    requestLogLimit: 0,
  });
  return holder.__meridianDemoModel;
}

export async function GET(req: Request): Promise<Response> {
  return demoModel().handle(req);
}

export async function POST(req: Request): Promise<Response> {
  return demoModel().handle(req);
}
