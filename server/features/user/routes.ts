import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AcceptTerms, ProfileUpdate, User } from "../../../common/user";
import type { AppDeps } from "../../app";
import { presentUser } from "./presenter";
import { userRepository } from "./repository";
import { userService } from "./service";

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = userService(userRepository(deps.database.db));

  app.get("/api/user", { schema: { response: { 200: User } } }, async (request) => presentUser(request.user));

  app.put(
    "/api/user/profile",
    { schema: { body: ProfileUpdate, response: { 200: User } } },
    async (request) => presentUser(await users.updateProfile(request.user, request.body)),
  );

  app.post(
    "/api/user/accept-terms",
    { schema: { body: AcceptTerms, response: { 200: User } } },
    async (request) => presentUser(await users.acceptTerms(request.user, request.body.termsVersion)),
  );
};
