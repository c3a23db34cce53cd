import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SignInLinkQuery, SignInLinkRedeem, SignInLinkRedeemed } from "../../../common/admin";
import { PASSWORD_MIN } from "../../../common/auth";
import type { Config } from "../../config";
import { toldFailure } from "../../http/error-handler";
import { setSessionCookie } from "../../http/session-cookie";
import type { AdminService } from "./service";

/**
 * The one-time sign-in link an administrator hands to a person they added.
 * Public on purpose: the token in the link is the credential, kept only as its hash. Opening the
 * link (GET) spends nothing, so a mail scanner's preview cannot use it up: it shows a page that
 * asks the person for a password of their own. Sending that page (POST) spends the link once,
 * sets the password, signs the person in with a session cookie and sends them to the dashboard.
 * A second use answers 410 with the reason.
 */
const PATH = "/api/sign-in-links";
const DASHBOARD = "/";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · AI Platform</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(page(title, body));
}

export const oneTimeLinkRoutes: FastifyPluginAsyncZod<{ admin: AdminService; config: Config }> = async (
  app,
  { admin, config },
) => {
  // The page's form posts application/x-www-form-urlencoded; this parser serves only these routes.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4 * 1024 },
    (_request, body, done) => {
      const fields = Object.fromEntries(new URLSearchParams(String(body)));
      // An empty password field means none was chosen.
      if (fields.password === "") delete fields.password;
      done(null, fields);
    },
  );

  app.get(
    PATH,
    { config: { public: true }, schema: { querystring: SignInLinkQuery } },
    async (request, reply) => {
      try {
        const { username } = await admin.signInLinkFor(request.query.token);
        const token = escapeHtml(request.query.token);
        return sendPage(
          reply,
          200,
          `Welcome, ${username}`,
          `<p>Choose a password to sign in. This link works once.</p>
<form method="post" action="${PATH}">
<input type="hidden" name="token" value="${token}">
<input type="text" name="username" value="${escapeHtml(username)}" autocomplete="username" hidden readonly>
<label>Password <input type="password" name="password" required minlength="${PASSWORD_MIN}" autocomplete="new-password"></label>
<button type="submit">Set password and sign in</button>
</form>`,
        );
      } catch (error) {
        const told = toldFailure(error);
        if (!told) throw error;
        return sendPage(reply, told.status, "Sign-in link", `<p>${escapeHtml(told.message)}</p>`);
      }
    },
  );

  app.post(
    PATH,
    {
      config: { public: true },
      schema: { body: SignInLinkRedeem, response: { 200: SignInLinkRedeemed } },
    },
    async (request, reply) => {
      const fromForm = request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded");
      try {
        const { token, passwordSet } = await admin.redeemSignInLink(
          request.body.token,
          { ip: request.ip, userAgent: request.headers["user-agent"] },
          request.body.password,
        );
        setSessionCookie(reply, request, config, token);
        if (fromForm) return reply.redirect(DASHBOARD, 303);
        return { redirectTo: DASHBOARD, passwordSet };
      } catch (error) {
        const told = fromForm ? toldFailure(error) : undefined;
        if (!told) throw error;
        return sendPage(reply, told.status, "Sign-in link", `<p>${escapeHtml(told.message)}</p>`);
      }
    },
  );
};
