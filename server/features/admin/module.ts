import {
  adminAuditLog,
  adminSignInLinks,
  platformConfig,
  userSuspensions,
  workspaceDataHolds,
} from "../../db/schema";
import { defineArea } from "../area";
import { adminConfigRoutes } from "./config-routes";
import { oneTimeLinkRoutes } from "./one-time-link-routes";
import { adminRoutes } from "./routes";
import { adminSystemRoutes } from "./system-routes";

export const adminArea = defineArea({
  name: "admin",
  tables: { userSuspensions, adminAuditLog, platformConfig, adminSignInLinks, workspaceDataHolds },
  async routes(app, { services, config }) {
    await app.register(adminRoutes, { admin: services.admin });
    await app.register(adminSystemRoutes, { system: services.adminSystem });
    await app.register(adminConfigRoutes, { platformConfig: services.platformConfig });
    await app.register(oneTimeLinkRoutes, { admin: services.admin, config });
  },
});
