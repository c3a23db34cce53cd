import { aiSettings } from "../../db/schema";
import { defineArea } from "../area";
import { aiSettingsRoutes } from "./routes";

export const aiSettingsArea = defineArea({
  name: "ai-settings",
  tables: { aiSettings },
  async routes(app, { services }) {
    await app.register(aiSettingsRoutes, { settings: services.settings });
  },
});
