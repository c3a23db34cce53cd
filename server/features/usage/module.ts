import { usageTracking } from "../../db/schema";
import { defineArea } from "../area";

export const usageArea = defineArea({
  name: "usage",
  tables: { usageTracking },
});
