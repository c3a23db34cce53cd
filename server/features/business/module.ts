import { defineArea } from "../area";
import { businessRoutes } from "./routes";

export const businessArea = defineArea({
  name: "business",
  async routes(app, { services }) {
    await app.register(businessRoutes, { business: services.business, billing: services.billing });
  },
});
