import {
  emailCampaigns,
  emailSends,
  emailSettings,
  emailSuppressions,
  emailTemplates,
} from "../../db/schema";
import { defineArea } from "../area";
import { emailRoutes } from "./routes";
import { emailWizardRoutes } from "./wizard/routes";

export const emailArea = defineArea({
  name: "email",
  tables: { emailTemplates, emailCampaigns, emailSends, emailSuppressions, emailSettings },
  async routes(app, { services }) {
    await app.register(emailWizardRoutes, { wizard: services.emailWizard });
    await app.register(emailRoutes, { email: services.email });
  },
});
