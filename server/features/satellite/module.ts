import { satelliteInstallationSlots, satelliteOrders, satellitePackages } from "../../db/schema";
import { defineArea } from "../area";
import { satelliteRoutes } from "./routes";

export const satelliteArea = defineArea({
  name: "satellite",
  tables: { satellitePackages, satelliteInstallationSlots, satelliteOrders },
  async routes(app, { services }) {
    await app.register(satelliteRoutes, { satellite: services.satellite });
  },
});
