import { aiScripts, scriptTemplateUsage } from "../../db/schema";
import { defineArea } from "../area";
import { scriptRoutes } from "./routes";

export const scriptsArea = defineArea({
  name: "scripts",
  tables: { aiScripts, scriptTemplateUsage },
  async routes(app, { services }) {
    await app.register(scriptRoutes, { scripts: services.scripts });
  },
});
