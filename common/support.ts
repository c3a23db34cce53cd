import { z } from "zod";
import { text } from "./text";

/**
 * Help: a person writes to support; the platform administrator answers by email. Plans with
 * priority support are answered first.
 */
export const SUPPORT_PRIORITIES = ["priority", "standard"] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_STATUSES = ["open", "answered"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** How many requests one person may send in 24 hours. */
export const SUPPORT_REQUESTS_PER_DAY = 10;
export const TOO_MANY_SUPPORT_REQUESTS = `You have sent ${SUPPORT_REQUESTS_PER_DAY} requests today. Support will answer them; please wait for their reply.`;
export const SUPPORT_SENT_PRIORITY =
  "Sent. Your plan includes priority support: your request is answered before others, by email.";
export const SUPPORT_SENT_STANDARD = "Sent. Support answers by email, usually within one business day.";
export const SUPPORT_REQUEST_NOT_FOUND = "That support request does not exist";

/** POST /api/support/requests */
export const SupportRequestBody = z.object({
  subject: text("Subject", 150, { min: 1, required: "Please enter a subject" }),
  message: text("Message", 5000, { min: 1, required: "Please describe what you need" }),
});
export type SupportRequestBody = z.input<typeof SupportRequestBody>;

export const SupportRequest = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: z.enum(SUPPORT_PRIORITIES),
  planName: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportRequest = z.infer<typeof SupportRequest>;

export const SupportRequestCreated = z.object({ request: SupportRequest, message: z.string() });

const Page = z.coerce
  .number({ error: "page must be a number" })
  .int()
  .min(1, "page starts at 1")
  .max(100_000)
  .default(1);
const Limit = z.coerce
  .number({ error: "limit must be a number" })
  .int()
  .min(1)
  .max(100, "limit is at most 100")
  .default(25);

/** GET /api/support/requests: the signed-in person's own requests, newest first. */
export const MySupportQuery = z.object({ page: Page, limit: Limit });

/** GET /api/admin/support-requests: the queue, priority first, then oldest first. */
export const SupportQueueQuery = z.object({
  page: Page,
  limit: Limit,
  status: z.enum(SUPPORT_STATUSES, { error: "status must be open or answered" }).default("open"),
});

export const SupportRequestList = z.object({
  requests: z.array(SupportRequest),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SupportRequestList = z.infer<typeof SupportRequestList>;

export const SupportRequestIdParams = z.object({ id: z.uuid({ error: SUPPORT_REQUEST_NOT_FOUND }) });

/** POST /api/admin/support-requests/:id/reply: emailed to the person, kept with the request. */
export const SupportReplyBody = z.object({
  message: text("Reply", 10000, { min: 1, required: "Please write a reply" }),
});
