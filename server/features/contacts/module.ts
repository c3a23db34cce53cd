import {
  contactBulkActions,
  contactBulkUndo,
  contactCounts,
  contactImportFiles,
  contactImportRejects,
  contactImports,
  contactListMembers,
  contactSegments,
  contacts,
  doNotCallNumbers,
  phoneLogs,
} from "../../db/schema";
import { defineArea } from "../area";
import { contactBulkRoutes } from "./bulk-routes";
import { contactImportRoutes } from "./import-routes";
import { contactRoutes } from "./routes";

export const contactsArea = defineArea({
  name: "contacts",
  tables: {
    contacts,
    doNotCallNumbers,
    phoneLogs,
    contactImports,
    contactImportRejects,
    contactImportFiles,
    contactCounts,
    contactSegments,
    contactListMembers,
    contactBulkActions,
    contactBulkUndo,
  },
  async routes(app, { services }) {
    await app.register(contactRoutes, {
      contacts: services.contacts,
      segments: services.segments,
      doNotCall: services.doNotCall,
      dialer: services.contactDial,
    });
    await app.register(contactBulkRoutes, { bulk: services.contactBulk, segments: services.segments });
    await app.register(contactImportRoutes, { imports: services.contactImports, billing: services.billing });
  },
});
