import { defineArea } from "../area";
import { eventRoutes } from "./routes";

export const eventsArea = defineArea({
  name: "events",
  async routes(app, { services }) {
    await app.register(eventRoutes, { events: services.events });
  },
});
