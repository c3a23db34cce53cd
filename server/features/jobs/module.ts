import { defineArea } from "../area";
import { jobRoutes } from "./routes";

export const jobsArea = defineArea({
  name: "jobs",
  async routes(app, { services }) {
    await app.register(jobRoutes, { jobs: services.jobs });
  },
});
