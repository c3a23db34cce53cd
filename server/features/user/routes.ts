import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { EmailSentAnswer } from "../../../common/auth";
import { AcceptTerms, PasswordChange, PasswordChanged, ProfileUpdate, User } from "../../../common/user";
import { unauthorized } from "../../http/errors";
import { clientInfo } from "../auth/client-info";
import { presentUser } from "./presenter";
import type { ActingSession, UserService } from "./service";

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get("/api/user", { config: { role: "agent" }, schema: { response: { 200: User } } }, async (request) =>
    presentUser(request.user, request.account),
  );

  app.put(
    "/api/user/profile",
    { config: { role: "agent" }, schema: { body: ProfileUpdate, response: { 200: User } } },
    async (request) =>
      presentUser(
        await users.updateProfile(request.user, request.body, actingSession(request)),
        request.account,
      ),
  );

  // Sends the confirmation link again: for an email change waiting, else an unconfirmed email.
  app.post(
    "/api/user/email/confirmation",
    { config: { role: "agent" }, schema: { response: { 202: EmailSentAnswer } } },
    async (request, reply) => reply.code(202).send({ message: await users.resendConfirmation(request.user) }),
  );

  app.delete(
    "/api/user/email/pending",
    { config: { role: "agent" }, schema: { response: { 200: User } } },
    async (request) => presentUser(await users.cancelEmailChange(request.user), request.account),
  );

  app.post(
    "/api/user/password",
    { config: { role: "agent" }, schema: { body: PasswordChange, response: { 200: PasswordChanged } } },
    async (request) => users.changePassword(request.user, request.body, actingSession(request)),
  );

  app.post(
    "/api/user/accept-terms",
    { config: { role: "agent" }, schema: { body: AcceptTerms, response: { 200: User } } },
    async (request) =>
      presentUser(await users.acceptTerms(request.user, request.body.termsVersion), request.account),
  );
};

function actingSession(request: FastifyRequest): ActingSession {
  // The session guard sets both; a route reached without it must not act on anyone's sessions.
  if (!request.sessionTokenHash) throw unauthorized();
  return { tokenHash: request.sessionTokenHash, client: clientInfo(request) };
}
