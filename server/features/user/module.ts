import { defineArea } from "../area";
import { userRoutes } from "./routes";

export const userArea = defineArea({
  name: "user",
  async routes(app, { services }) {
    await app.register(userRoutes, { users: services.users });
  },
});
