import {
  campaignDoNotCall,
  campaignLeads,
  campaigns,
  dialAbandonmentDays,
  dialAttempts,
  dialerAgentSessions,
  dialerCallbacks,
  softphoneApps,
} from "../../db/schema";
import { defineArea } from "../area";
import { dialerRoutes, dialerWebhookRoutes } from "./routes";

export const dialerArea = defineArea({
  name: "dialer",
  tables: {
    campaigns,
    campaignLeads,
    dialAttempts,
    dialerCallbacks,
    dialerAgentSessions,
    softphoneApps,
    campaignDoNotCall,
    dialAbandonmentDays,
  },
  async routes(app, { services, config }) {
    await app.register(dialerRoutes, { dialer: services.dialer });
    await app.register(dialerWebhookRoutes, { dialer: services.dialer, config });
  },
});
