import { expect, test } from "./test";
import { buildZip } from "../lib/testing/zip-fixtures";
import { createUser, signIn, signInAsAdmin } from "./helpers/auth";
import { uniqueName } from "./helpers/org";
import { pageInView, saveScreenshot } from "./helpers/pages";
import { mock, scriptMarker, sendChat } from "./helpers/chat";

/**
 * A zip bomb uploaded in the browser (40 entries of 2 MiB whose directory declares a
 * compressed size of 0: once 80 MiB on disk from a few KB) is refused with the headline in the
 * user's language (the reason too) and nothing stored, while another user's chat is answered meanwhile.
 */
const bomb = () =>
  buildZip(
    Array.from({ length: 40 }, (_, i) => ({
      name: `doc-${i}.txt`,
      data: new Uint8Array(2 * 1024 * 1024).fill(0x61),
      declaredCompressedSize: 0,
    })),
  );

// English on a desktop in light, Chinese at 390 px in dark: the refusal's reason is said in each language.
const views = [
  {
    locale: "en",
    colorScheme: "light",
    width: 1440,
    reason: "looks like a zip bomb",
    headline: "The upload was refused",
  },
  { locale: "zh-CN", colorScheme: "dark", width: 390, reason: "疑似压缩炸弹", headline: "上传被拒绝" },
] as const;

for (const { locale, colorScheme, width, reason, headline } of views) {
  test(`a zip bomb is refused in the browser (${locale}) while another user chats`, async ({ browser, baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    const [uploader, chatter] = await Promise.all([createUser(admin), createUser(admin)]);
    const uploaderApi = await signIn(baseURL!, uploader.username, uploader.password);
    const kb = (await (await uploaderApi.post("/api/kbs", { data: { name: uniqueName("Bomb shelf") } })).json()) as {
      id: string;
    };
    const { page, context } = await pageInView(browser, {
      baseURL: baseURL!,
      user: uploader,
      locale,
      colorScheme,
      width,
    });
    await page.goto(`/kbs?kb=${kb.id}`);
    await expect(page.getByTestId("kb-upload-zone")).toBeVisible();

    const chatterApi = await signIn(baseURL!, chatter.username, chatter.password);
    const key = `bomb-chat-${crypto.randomUUID()}`;
    await mock.script(key, [{ text: "The bridge opens at nine." }]);
    const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/kbs/${kb.id}/documents`));
    const [chat] = await Promise.all([
      sendChat(chatterApi, crypto.randomUUID(), `When does the bridge open? ${scriptMarker(key)}`),
      page
        .getByTestId("kb-upload-input")
        .setInputFiles({ name: "bomb.zip", mimeType: "application/zip", buffer: bomb() }),
    ]);
    expect(chat.text).toBe("The bridge opens at nine.");
    expect((await uploaded).status()).toBe(400);

    const refusal = page.getByTestId("kb-upload-error");
    await expect(refusal).toContainText(headline);
    await expect(refusal).toContainText(reason);
    await expect(refusal).toContainText('"doc-0.txt"');
    await saveScreenshot(page, { path: `test-results/kb-bomb-${locale}.png` });
    expect(await (await uploaderApi.get(`/api/kbs/${kb.id}/documents`)).json()).toEqual([]);
    await Promise.all([context.close(), admin.dispose(), uploaderApi.dispose(), chatterApi.dispose()]);
  });
}
