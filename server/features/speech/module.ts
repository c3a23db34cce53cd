import { defineArea } from "../area";
import { speechRoutes } from "./routes";

export const speechArea = defineArea({
  name: "speech",
  async routes(app, { speech, config }) {
    await app.register(speechRoutes, { speech, config });
  },
});
