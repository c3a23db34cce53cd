import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ConfirmEmailRequest,
  EmailSentAnswer,
  LoginRequest,
  PasswordReset,
  PasswordResetRequest,
  SignupNotCompleted,
  SignupRequest,
} from "../../../common/auth";
import { User } from "../../../common/user";
import type { Config } from "../../config";
import { clearSessionCookie, sessionToken, setSessionCookie } from "../../http/session-cookie";
import { presentUser } from "../user/presenter";
import { clientInfo } from "./client-info";
import type { AuthService } from "./service";

const SignedInResponse = z.object({ user: User });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (app, deps) => {
  const { auth, config } = deps;

  /** The person as GET /api/user shows them, in the workspace the new session works in. */
  async function signedInUser(token: string) {
    const session = await auth.resolve(token);
    if (!session) throw new Error("a session just created was not found");
    return presentUser(session.user, session.account);
  }

  app.post(
    "/api/auth/signup",
    {
      config: { public: true },
      schema: { body: SignupRequest, response: { 201: SignedInResponse, 202: SignupNotCompleted } },
    },
    async (request, reply) => {
      const outcome = await auth.signup(request.body, clientInfo(request));
      if (!outcome.created) return reply.code(202).send({ message: outcome.message });
      setSessionCookie(reply, request, config, outcome.token);
      return reply.code(201).send({ user: await signedInUser(outcome.token) });
    },
  );

  app.post(
    "/api/auth/login",
    { config: { public: true }, schema: { body: LoginRequest, response: { 200: SignedInResponse } } },
    async (request, reply) => {
      // A new token at every sign-in: a token planted before sign-in never becomes a live session.
      await auth.logout(sessionToken(request));
      const { token } = await auth.login(request.body, clientInfo(request));
      setSessionCookie(reply, request, config, token);
      return { user: await signedInUser(token) };
    },
  );

  // The page a confirmation link opens posts its token here; the person is signed in.
  app.post(
    "/api/auth/confirm-email",
    { config: { public: true }, schema: { body: ConfirmEmailRequest, response: { 200: SignedInResponse } } },
    async (request, reply) => {
      await auth.logout(sessionToken(request));
      const { token } = await auth.confirmEmail(request.body.token, clientInfo(request));
      setSessionCookie(reply, request, config, token);
      return { user: await signedInUser(token) };
    },
  );

  app.post(
    "/api/auth/forgot-password",
    {
      config: { public: true },
      schema: { body: PasswordResetRequest, response: { 202: EmailSentAnswer } },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ message: await auth.requestPasswordReset(request.body.email, clientInfo(request)) }),
  );

  app.post(
    "/api/auth/reset-password",
    { config: { public: true }, schema: { body: PasswordReset, response: { 200: SignedInResponse } } },
    async (request, reply) => {
      await auth.logout(sessionToken(request));
      const { token } = await auth.resetPassword(
        request.body.token,
        request.body.newPassword,
        clientInfo(request),
      );
      setSessionCookie(reply, request, config, token);
      return { user: await signedInUser(token) };
    },
  );

  app.post("/api/auth/logout", { config: { public: true } }, async (request, reply) => {
    await auth.logout(sessionToken(request));
    clearSessionCookie(reply, request, config);
    return reply.code(204).send();
  });
};
