import { aiFlows, automationRules } from "../../db/schema";
import { defineArea } from "../area";
import { aiStudioRoutes } from "./routes";

export const aiStudioArea = defineArea({
  name: "ai-studio",
  tables: { aiFlows, automationRules },
  async routes(app, { services }) {
    await app.register(aiStudioRoutes, { studio: services.studio, billing: services.billing });
  },
});
