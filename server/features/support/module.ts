import { supportRequests } from "../../db/schema";
import { defineArea } from "../area";
import { supportRoutes } from "./routes";
import { supportService } from "./service";

/** Help's requests to support, answered by email; the replies go in the admin audit log. */
export const supportArea = defineArea({
  name: "support",
  tables: { supportRequests },
  build: (core) =>
    supportService({
      db: core.database.db,
      billing: core.billing,
      notices: core.accountMessages,
      audit: core.auditLog,
      now: core.now,
    }),
  async routes(app, _context, support) {
    await app.register(supportRoutes, { support });
  },
});
