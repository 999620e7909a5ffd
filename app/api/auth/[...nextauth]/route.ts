import { NextRequest } from "next/server";
import { GET, POST as authPost } from "@/lib/auth/handlers";
import { withCappedBody } from "@/lib/http/body-limit";

export { GET };

/** Sign-in and sign-out forms are capped like JSON bodies: Auth.js buffers the whole form first. */
export const POST = withCappedBody(
  authPost,
  (req, body) => new NextRequest(req.url, { method: req.method, headers: req.headers, body: new Uint8Array(body) }),
);
