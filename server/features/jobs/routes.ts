import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { JobIdParams, JobOut } from "../../../common/jobs";
import { notFound } from "../../http/errors";
import { type JobQueue, presentJob } from "../../jobs";

/** A job's state for the screen that started it; cancelling one. Another workspace's job is not found. */
export const jobRoutes: FastifyPluginAsyncZod<{ jobs: JobQueue }> = async (app, { jobs }) => {
  app.get(
    "/api/jobs/:id",
    { config: { role: "agent" }, schema: { params: JobIdParams, response: { 200: JobOut } } },
    async (request) => {
      const job = await jobs.get(request.account.id, request.params.id);
      if (!job) throw notFound("That job");
      return presentJob(job);
    },
  );

  app.delete(
    "/api/jobs/:id",
    { config: { role: "agent" }, schema: { params: JobIdParams, response: { 200: JobOut } } },
    async (request) => {
      const job = await jobs.cancel(request.account.id, request.params.id);
      if (!job) throw notFound("That job");
      return presentJob(job);
    },
  );
};
