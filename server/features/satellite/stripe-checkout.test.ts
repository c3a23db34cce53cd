import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";

/**
 * A package bought through Stripe: the official client talks to a local server that answers like
 * Stripe's API, and the paid webhook is signed with the official package's test-header helper.
 */
const WEBHOOK_SECRET = "whsec_test_secret_for_satellite";
const stripe = new Stripe("sk_test_unused");
const clock = new Date(Math.floor(Date.now() / 1000) * 1000);
const day = (days: number) => new Date(clock.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const sessions: URLSearchParams[] = [];
let api: Server;
let t: TestApp;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  api = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    response.setHeader("content-type", "application/json");
    if (request.method === "POST" && request.url === "/v1/checkout/sessions") {
      sessions.push(form);
      const id = `cs_test_sat_${sessions.length}`;
      response.end(
        JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "No such route" } }));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  t = await createTestApp(
    {
      env: "production",
      publicUrl: "https://calls.example.com",
      payments: {
        provider: "stripe",
        stripeSecretKey: "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiBaseUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
        stripePrices: {},
      },
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => api.close(resolve));
});

function deliver(payload: string) {
  return t.client().request("POST", "/api/payments/stripe/webhook", {
    payload,
    headers: {
      origin: undefined,
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(clock.getTime() / 1000),
      }),
    },
  });
}

async function packages(c: TestClient) {
  return (await c.get("/api/viasat/packages")).json().packages as { id: string; stripePriceId: string }[];
}

describe("a satellite package through Stripe", () => {
  it("sends the package's price to Stripe and books the installation when the paid event arrives", async () => {
    const c = await buildWorkspace(t);
    const [unlimited, choice30] = await packages(c);
    // A package with a Stripe price of its own is sold at that price; a default one by amount.
    expect(
      (await c.put(`/api/viasat/packages/${choice30?.id}`, { stripePriceId: "price_1Sat30Monthly" }))
        .statusCode,
    ).toBe(200);
    const contact = (
      await c.post("/api/contacts", { name: "Robin Hale", phoneNumber: "+15551230090" })
    ).json();

    const byAmount = await c.post("/api/subscription/checkout", {
      planId: "viasat_unlimited",
      metadata: {
        package_id: unlimited?.id,
        service_type: "satellite_internet",
        installation_date: day(5),
        installation_slot: "8-12",
        installation_address: "77 Ridge Road, Lake City, FL",
        customer_id: contact.id,
      },
    });
    expect(byAmount.statusCode).toBe(200);
    expect(byAmount.json().sessionUrl).toBe("https://checkout.stripe.test/c/pay/cs_test_sat_1");
    const first = sessions[0];
    expect(first?.get("mode")).toBe("subscription");
    expect(first?.get("line_items[0][price_data][unit_amount]")).toBe("15000");
    expect(first?.get("line_items[0][price_data][product_data][name]")).toBe("Viasat Unlimited");
    expect(first?.get("line_items[1][price_data][unit_amount]")).toBe("1300");
    expect(first?.get("line_items[1][price_data][recurring][interval]")).toBe("month");
    expect(first?.get("success_url")).toBe("https://calls.example.com/viasat-payment?checkout=success");
    expect(first?.get("metadata[priceId]")).toBe("viasat_unlimited");
    expect(first?.has("metadata[planId]")).toBe(false);

    const byPrice = await c.post("/api/subscription/checkout", {
      planId: "price_1Sat30Monthly",
      metadata: {
        package_id: choice30?.id,
        installation_date: day(6),
        installation_slot: "1-5",
        installation_address: "1 Main St",
      },
    });
    expect(byPrice.statusCode).toBe(200);
    expect(sessions[1]?.get("line_items[0][price]")).toBe("price_1Sat30Monthly");
    expect(sessions[1]?.get("line_items[1][price_data][unit_amount]")).toBe("1300");

    const checkoutId = first?.get("client_reference_id") ?? "";
    const payload = JSON.stringify({
      id: "evt_sat_paid_1",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(clock.getTime() / 1000),
      data: {
        object: {
          id: "cs_test_sat_1",
          object: "checkout.session",
          client_reference_id: checkoutId,
          customer: "cus_sat_1",
          subscription: "sub_sat_1",
          payment_status: "paid",
          metadata: { checkoutId, priceId: "viasat_unlimited" },
        },
      },
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    // Stripe retries: the same event is handled once.
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    const orders = (await c.get(`/api/viasat/orders?contactId=${contact.id}`)).json().orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: "paid",
      installationStatus: "booked",
      packageName: "Unlimited",
      installationDate: day(5),
      installationSlot: "8-12",
      installationAddress: "77 Ridge Road, Lake City, FL",
    });
    expect(orders[0].appointmentId).toMatch(/^[0-9a-f-]{36}$/);
    // The workspace's own subscription did not become the package's.
    const sub = (await c.get("/api/subscription")).json().subscription;
    expect(sub.provider).not.toBe("stripe");
  });
});
