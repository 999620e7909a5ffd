import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type JSHandle,
  type Locator,
  type Page,
} from "@playwright/test";
import { uniqueName } from "./org";

/** File helpers for the e2e suite: agents that skip approvals, drag-and-drop, slow uploads, outside requests. */

export type DraggedFile = { name: string; type: string } & ({ text: string } | { bytes: number[] });

/** Creates a personal agent whose tools run without approval (`trust`: the context must be an admin). */
export async function createTrustedAgent(
  api: APIRequestContext,
  name = uniqueName("Files"),
): Promise<{ id: string; name: string }> {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const res = await api.post("/api/agents", { data: { slug, name, config: { tool_approval_mode: "trust" } } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, name };
}

/** A DataTransfer holding real File objects, built inside the page (as a drag from the desktop would). */
function dataTransferOf(page: Page, files: DraggedFile[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const body = "text" in file ? file.text : new Uint8Array(file.bytes);
      transfer.items.add(new File([body], file.name, { type: file.type }));
    }
    return transfer;
  }, files);
}

/** Drags `files` over `target` (the drop zone must show), then drops them. */
export async function dropFiles(page: Page, target: Locator, files: DraggedFile[]): Promise<void> {
  const dataTransfer = await dataTransferOf(page, files);
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  await expect(page.getByTestId("drop-zone")).toBeVisible();
  await target.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByTestId("drop-zone")).toBeHidden();
}

/**
 * Limits the page's upload bandwidth (bytes per second) so upload progress can be watched;
 * the returned function lifts the limit.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/** Every request that any page of `context` makes to `host`, as it happens (to prove none was made). */
export function requestsTo(context: BrowserContext, host: string): string[] {
  const seen: string[] = [];
  context.on("request", (request) => {
    if (URL.canParse(request.url()) && new URL(request.url()).host === host) seen.push(request.url());
  });
  return seen;
}

/** A 1x1 PNG as a data: URL (an inline image markdown may show). */
export const DOT_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
