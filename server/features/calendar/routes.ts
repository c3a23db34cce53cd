import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CalendarFeedParams, CalendarSettingsOut, CalendarSettingsUpdate } from "../../../common/calendar";
import { notFound } from "../../http/errors";
import type { CalendarService } from "./service";

export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (
  app,
  { calendar },
) => {
  const settingsReply = { response: { 200: CalendarSettingsOut } };

  app.get("/api/calendar/settings", { config: { role: "agent" }, schema: settingsReply }, async (request) =>
    calendar.settings(request.account.id),
  );

  app.put(
    "/api/calendar/settings",
    { config: { role: "admin" }, schema: { body: CalendarSettingsUpdate, ...settingsReply } },
    async (request) => calendar.update(request.account.id, request.body),
  );

  /** Turns the private feed on, or renews its address (the old one answers 404 from then on). */
  app.post("/api/calendar/feed", { config: { role: "admin" }, schema: settingsReply }, async (request) =>
    calendar.enableFeed(request.account.id),
  );

  app.delete("/api/calendar/feed", { config: { role: "admin" }, schema: settingsReply }, async (request) =>
    calendar.disableFeed(request.account.id),
  );

  /**
   * The private iCalendar feed. Public on purpose: calendar apps subscribe without a session, so
   * the unguessable token in the address is the credential, and it opens only its own account's feed.
   */
  app.get(
    "/api/calendar/:token.ics",
    { config: { public: true }, schema: { params: CalendarFeedParams } },
    async (request, reply) => {
      const body = await calendar.feed(request.params.token);
      if (body === null) throw notFound("That calendar");
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="appointments.ics"')
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex")
        .send(body);
    },
  );
};
