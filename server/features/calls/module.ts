import { blockedNumbers, callCounts, calls } from "../../db/schema";
import { transcriptionSwitch } from "../admin/config-speech";
import { defineArea } from "../area";
import { callRoutes } from "./routes";

export const callsArea = defineArea({
  name: "calls",
  tables: { calls, callCounts, blockedNumbers },
  async routes(app, { services, speech, platform }) {
    await app.register(callRoutes, { calls: services.calls, speech: transcriptionSwitch(speech, platform) });
  },
});
