import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import { useRunErrorText } from "@/components/chat/use-run-error-text";
import { ApiClientError, type ClientErrorCode } from "./client";
import { useApiErrorText } from "./use-api-error-text";

/** What a failed request and a failed run say, rendered in each language. */

function ApiText({ code, message }: { code: ClientErrorCode; message: string }) {
  return <>{useApiErrorText()(new ApiClientError(400, code, message)) ?? "NONE"}</>;
}
function RunText({ code, message }: { code: string; message: string }) {
  return <>{useRunErrorText()({ code, message }) ?? "NONE"}</>;
}
const inLocale = (locale: "en" | "zh-CN", node: React.ReactNode) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === "en" ? en : zh} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );

describe("useApiErrorText", () => {
  it("English keeps the server's specific sentence; Chinese says the code's text", () => {
    const node = (
      <ApiText code="forbidden:token" message="API tokens cannot create API tokens. Sign in to create one." />
    );
    expect(inLocale("en", node)).toBe("API tokens cannot create API tokens. Sign in to create one.");
    expect(inLocale("zh-CN", node)).toBe("API 令牌不能执行此操作，请登录后再试。");
  });

  it("an empty or huge server message falls back to the code's text; an undeclared code keeps the server's", () => {
    expect(inLocale("en", <ApiText code="not_found:agent" message="" />)).toBe("This agent no longer exists.");
    expect(inLocale("en", <ApiText code="not_found:agent" message={"x".repeat(400)} />)).toBe(
      "This agent no longer exists.",
    );
    expect(inLocale("zh-CN", <ApiText code="http:502" message="Bad gateway" />)).toBe("Bad gateway");
    expect(inLocale("zh-CN", <ApiText code="network" message="" />)).toBe("NONE");
  });
});

describe("useRunErrorText", () => {
  it("model failures in Chinese, with the provider's detail where it matters", () => {
    expect(inLocale("zh-CN", <RunText code="model:rate_limited" message="... (429) ..." />)).toBe(
      "模型服务商正在限制请求，请稍后再试。",
    );
    expect(inLocale("zh-CN", <RunText code="model:error" message="upstream said no" />)).toBe(
      "模型服务商返回了错误（upstream said no）",
    );
    expect(inLocale("zh-CN", <RunText code="not_found:thread" message="gone" />)).toBe("该对话不存在。");
    expect(inLocale("zh-CN", <RunText code="something:else" message="raw" />)).toBe("raw");
  });

  it("English shows the server's sentence as it is", () => {
    expect(inLocale("en", <RunText code="model:rate_limited" message="Rate limited (429)." />)).toBe(
      "Rate limited (429).",
    );
  });
});
