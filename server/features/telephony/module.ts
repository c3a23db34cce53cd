import { phoneNumbers, telephonyConnections, telephonyWebhookEvents } from "../../db/schema";
import { defineArea } from "../area";
import { telephonyRoutes, telephonyWebhookRoutes } from "./routes";

export const telephonyArea = defineArea({
  name: "telephony",
  tables: { telephonyConnections, phoneNumbers, telephonyWebhookEvents },
  async routes(app, { services, config }) {
    await app.register(telephonyRoutes, { telephony: services.telephony });
    await app.register(telephonyWebhookRoutes, { telephony: services.telephony, config });
  },
});
