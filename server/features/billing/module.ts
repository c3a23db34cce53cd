import { checkoutSessions, paymentEvents, subscriptions } from "../../db/schema";
import { defineArea } from "../area";
import { billingRoutes } from "./routes";

export const billingArea = defineArea({
  name: "billing",
  tables: { subscriptions, checkoutSessions, paymentEvents },
  async routes(app, { services }) {
    await app.register(billingRoutes, { billing: services.billing });
  },
});
