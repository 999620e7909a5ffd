import { ApiClientError, parseApiError } from "@/components/api/client";
import { FIELD_ISSUES_HEADER } from "@/lib/errors/field-issues";

export type UploadHandle<T> = {
  /** Resolves with the parsed JSON answer; rejects with ApiClientError (status 0 when the network failed). */
  done: Promise<T>;
  abort: () => void;
};

/**
 * Sends a file (or several, each as a repeated `file` field) as multipart with XMLHttpRequest,
 * which (unlike fetch) reports upload progress. `fields` go along as extra form fields.
 */
export function uploadFile<T>({
  url,
  method = "POST",
  file,
  fields = {},
  onProgress,
}: {
  url: string;
  method?: "POST" | "PUT";
  file: File | File[];
  fields?: Record<string, string>;
  /** 0..1 of the request body sent. */
  onProgress?: (fraction: number) => void;
}): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(FIELD_ISSUES_HEADER, "1"); // a refusal's reason, to say in the user's language

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiClientError(xhr.status, "http:bad_response", ""));
        }
      } else reject(parseApiError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiClientError(0, "network", ""));
    xhr.onabort = () => reject(new ApiClientError(0, "aborted", ""));
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const one of Array.isArray(file) ? file : [file]) form.append("file", one, one.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
