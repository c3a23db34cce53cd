import { emailLinks, rateLimits, sessions, users } from "../../db/schema";
import { defineArea } from "../area";
import { authRoutes } from "./routes";

export const authArea = defineArea({
  name: "auth",
  tables: { users, sessions, rateLimits, emailLinks },
  async routes(app, { services, config }) {
    await app.register(authRoutes, { auth: services.auth, config });
  },
});
