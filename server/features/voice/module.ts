import { voiceProfiles } from "../../db/schema";
import { defineArea } from "../area";
import { replyAudioRoutes } from "./reply-audio-routes";
import { voiceRoutes } from "./routes";

export const voiceArea = defineArea({
  name: "voice",
  tables: { voiceProfiles },
  async routes(app, { services }) {
    await app.register(voiceRoutes, {
      voice: services.voice,
      billing: services.billing,
      settings: services.settings,
    });
    await app.register(replyAudioRoutes, { voice: services.voice });
  },
});
