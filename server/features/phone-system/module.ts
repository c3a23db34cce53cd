import {
  businessCalls,
  businessExtensions,
  businessHours,
  businessNumbers,
  voicemails,
} from "../../db/schema";
import { defineArea } from "../area";
import { phoneSystemRoutes, phoneSystemWebhookRoutes } from "./routes";

export const phoneSystemArea = defineArea({
  name: "phone-system",
  tables: { businessNumbers, businessExtensions, businessHours, businessCalls, voicemails },
  async routes(app, { services, config }) {
    await app.register(phoneSystemRoutes, { phoneSystem: services.phoneSystem });
    await app.register(phoneSystemWebhookRoutes, { phoneSystem: services.phoneSystem, config });
  },
});
