import { defineArea } from "../area";
import { healthRoutes } from "./routes";

export const healthArea = defineArea({
  name: "health",
  async routes(app, { services, database, config }) {
    await app.register(healthRoutes, { health: services.health, database, config });
  },
});
