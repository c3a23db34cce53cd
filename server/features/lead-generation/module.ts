import { generatedLeads, leadCampaigns, leadExports } from "../../db/schema";
import { defineArea } from "../area";
import { leadGenerationRoutes } from "./routes";

export const leadGenerationArea = defineArea({
  name: "lead-generation",
  tables: { leadCampaigns, generatedLeads, leadExports },
  async routes(app, { services }) {
    await app.register(leadGenerationRoutes, { leads: services.leads });
  },
});
