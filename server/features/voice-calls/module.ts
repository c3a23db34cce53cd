import { defineArea } from "../area";
import { voiceCallRoutes } from "./routes";

export const voiceCallsArea = defineArea({
  name: "voice-calls",
  async routes(app, { services }) {
    await app.register(voiceCallRoutes, { voiceCalls: services.voiceCalls });
  },
});
