import { invitations, memberships, workspaces } from "../../db/schema";
import { defineArea } from "../area";
import { workspaceRoutes } from "./routes";

export const workspacesArea = defineArea({
  name: "workspaces",
  tables: { workspaces, memberships, invitations },
  async routes(app, { services, config }) {
    await app.register(workspaceRoutes, { config, workspaces: services.workspaces });
  },
});
