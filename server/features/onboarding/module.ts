import { onboardingChecklists } from "../../db/schema";
import { defineArea } from "../area";
import { onboardingRoutes } from "./routes";
import { onboardingService } from "./service";

/** The dashboard's setup checklist: each step read from the area that owns its rows. */
export const onboardingArea = defineArea({
  name: "onboarding",
  tables: { onboardingChecklists },
  build: (core) =>
    onboardingService({
      db: core.database.db,
      telephony: core.telephony,
      agents: core.agents,
      scripts: core.scripts,
      contacts: core.contacts,
      dialer: core.dialer,
      workspaces: core.workspaces,
      now: core.now,
    }),
  async routes(app, _context, onboarding) {
    await app.register(onboardingRoutes, { onboarding });
  },
});
