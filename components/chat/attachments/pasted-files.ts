/** A name the clipboard gives every pasted screenshot: says nothing, and two pastes would look alike. */
const GENERIC_NAME = /^(image|blob|clipboard)?\.(png|jpe?g|gif|webp|bmp|tiff?)$|^(image|blob)$|^$/i;

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

const pad = (n: number) => String(n).padStart(2, "0");

function stamp(at: Date): string {
  return `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
}

/**
 * The files a paste carries: `clipboardData.files`, else the file items (some browsers list a
 * copied image only there). A generically named one ("image.png") is named after the moment
 * it was pasted, `pasted-20261204-171502.png`, numbered when one paste holds several.
 */
export function pastedFiles(data: Pick<DataTransfer, "files" | "items">, at = new Date()): File[] {
  let files = Array.from(data.files);
  if (!files.length) {
    files = Array.from(data.items)
      .filter((item) => item.kind === "file")
      .map((item) => item.getAsFile())
      .filter((file): file is File => file !== null);
  }
  const generic = files.filter((file) => GENERIC_NAME.test(file.name));
  return files.map((file) => {
    if (!GENERIC_NAME.test(file.name)) return file;
    const extension = EXTENSIONS[file.type] ?? file.name.split(".").pop() ?? "bin";
    const number = generic.length > 1 ? `-${generic.indexOf(file) + 1}` : "";
    return new File([file], `pasted-${stamp(at)}${number}.${extension}`, {
      type: file.type,
      lastModified: file.lastModified,
    });
  });
}
