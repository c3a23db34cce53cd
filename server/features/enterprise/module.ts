import { enterpriseEnquiries } from "../../db/schema";
import { defineArea } from "../area";
import { enterpriseRoutes } from "./routes";

export const enterpriseArea = defineArea({
  name: "enterprise",
  tables: { enterpriseEnquiries },
  async routes(app, { services }) {
    await app.register(enterpriseRoutes, { enterprise: services.enterprise, billing: services.billing });
  },
});
