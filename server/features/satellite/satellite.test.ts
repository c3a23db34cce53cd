import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DETAILS_REQUIRED,
  NO_PACKAGE,
  type SatellitePackage,
  SLOT_CAPACITY,
} from "../../../common/satellite";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { recordAiVoiceConsent } from "../../test/dialing";
import { buildMember, buildWorkspace, rows } from "../../test/factories";

/**
 * Today at 11:00 UTC: 6 or 7 AM the same day in New York, 1 AM the next day on Kiritimati
 * (UTC+14), so "two days out" differs by a day between the two zones.
 */
const todayUtc = new Date().toISOString().slice(0, 10);
const clock = new Date(`${todayUtc}T11:00:00Z`);
const plusDays = (days: number) => {
  const date = new Date(`${todayUtc}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

async function packagesOf(c: TestClient): Promise<SatellitePackage[]> {
  const res = await c.get("/api/viasat/packages");
  expect(res.statusCode).toBe(200);
  return res.json().packages;
}

async function contactOf(c: TestClient, name = "Casey Rivera", phoneNumber = "+15551230077") {
  const res = await c.post("/api/contacts", { name, phoneNumber });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  preferredDate: plusDays(5),
  timeSlot: "8-12",
  address: "12 Orchard Lane, Ocala, FL 34470",
  phoneNumber: "+15551230077",
  ...overrides,
});

describe("GET /api/viasat/packages", () => {
  it("answers the spec's three defaults, written once per workspace", async () => {
    const c = await buildWorkspace(t);
    // Two first reads at once write the defaults once.
    const [first, second] = await Promise.all([packagesOf(c), packagesOf(c)]);
    expect(first.map((p) => p.id)).toEqual(second.map((p) => p.id));
    expect(
      first.map(({ name, price, installationFee, monthlyEquipmentFee, stripePriceId }) => ({
        name,
        price,
        installationFee,
        monthlyEquipmentFee,
        stripePriceId,
      })),
    ).toEqual([
      {
        name: "Unlimited",
        price: 150,
        installationFee: 0,
        monthlyEquipmentFee: 13,
        stripePriceId: "viasat_unlimited",
      },
      {
        name: "Choice 30",
        price: 100,
        installationFee: 0,
        monthlyEquipmentFee: 13,
        stripePriceId: "viasat_choice_30",
      },
      {
        name: "Choice 50",
        price: 120,
        installationFee: 0,
        monthlyEquipmentFee: 13,
        stripePriceId: "viasat_choice_50",
      },
    ]);
    expect(first[0]).toMatchObject({ speed: "Up to 150 Mbps", data: "Unlimited data", isActive: true });
    // Another workspace has its own.
    const other = await packagesOf(await buildWorkspace(t));
    expect(other.map((p) => p.id).some((id) => first.some((p) => p.id === id))).toBe(false);
  });
});

describe("PUT /api/viasat/packages/:id", () => {
  it("lets a workspace admin edit a package, with readable refusals", async () => {
    const owner = await buildWorkspace(t);
    const admin = await buildMember(t, owner, "admin");
    const agent = await buildMember(t, owner, "agent");
    const [unlimited, choice30] = await packagesOf(owner);
    const edited = await admin.put(`/api/viasat/packages/${unlimited?.id}`, {
      price: 149.99,
      stripePriceId: "price_1Q2w3E4r5T6y",
      monthlyEquipmentFee: 15,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().package).toMatchObject({
      price: 149.99,
      stripePriceId: "price_1Q2w3E4r5T6y",
      monthlyEquipmentFee: 15,
    });
    expect((await packagesOf(agent))[0]).toMatchObject({ price: 149.99 });

    const refused = await agent.put(`/api/viasat/packages/${unlimited?.id}`, { price: 1 });
    expect(refused.statusCode).toBe(403);

    const negative = await admin.put(`/api/viasat/packages/${unlimited?.id}`, { price: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/The price cannot be negative/);
    const badId = await admin.put(`/api/viasat/packages/${unlimited?.id}`, {
      stripePriceId: "price with spaces",
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/price id/);
    const unknownField = await admin.put(`/api/viasat/packages/${unlimited?.id}`, { colour: "red" });
    expect(unknownField.statusCode).toBe(400);

    const taken = await admin.put(`/api/viasat/packages/${choice30?.id}`, {
      stripePriceId: "price_1Q2w3E4r5T6y",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Another package already has that name or price id");

    const stranger = await buildWorkspace(t);
    const foreign = await stranger.put(`/api/viasat/packages/${unlimited?.id}`, { price: 1 });
    expect(foreign.statusCode).toBe(404);
    expect((await packagesOf(owner))[0]?.price).toBe(149.99);
  });
});

describe("POST /api/viasat/schedule-installation", () => {
  it("books the installation: a confirmation number, the appointment, the order on the contact", async () => {
    const c = await buildWorkspace(t);
    const [pkg] = await packagesOf(c);
    const contactId = await contactOf(c);
    const res = await c.post("/api/viasat/schedule-installation", {
      customerId: contactId,
      packageId: pkg?.id,
      appointmentData: form({ specialInstructions: "Dog in the yard" }),
    });
    expect(res.statusCode).toBe(200);
    const { confirmationNumber, order } = res.json();
    expect(confirmationNumber).toMatch(/^VS-[A-Z2-9]{8}$/);
    expect(order).toMatchObject({
      confirmationNumber,
      contactId,
      packageName: "Unlimited",
      price: 150,
      status: "scheduled",
      installationStatus: "booked",
      installationDate: plusDays(5),
      installationSlot: "8-12",
      installationAddress: "12 Orchard Lane, Ocala, FL 34470",
      specialInstructions: "Dog in the yard",
    });
    // The appointment: 8 AM to noon in the workspace's zone (New York), in the calendar.
    const appointments = (await c.get("/api/appointments?filter=upcoming")).json();
    const booked = appointments.find((a: { id: string }) => a.id === order.appointmentId);
    expect(booked).toMatchObject({
      title: `Viasat installation: Unlimited (${confirmationNumber})`,
      attendeeName: "Casey Rivera",
      status: "scheduled",
    });
    expect(
      new Date(booked.startTime).toLocaleString("en-US", { timeZone: "America/New_York", hour: "numeric" }),
    ).toBe("8 AM");
    expect(booked.description).toContain("Dog in the yard");
    // The order on the customer's record: their notes and their orders.
    const contact = (await c.get(`/api/contacts/${contactId}`)).json();
    expect(contact.notes).toContain(`Viasat Unlimited order ${confirmationNumber}`);
    const orders = (await c.get(`/api/viasat/orders?contactId=${contactId}`)).json().orders;
    expect(orders.map((o: { confirmationNumber: string }) => o.confirmationNumber)).toEqual([
      confirmationNumber,
    ]);
  });

  it("answers the spec's texts for a missing package or missing installation details", async () => {
    const c = await buildWorkspace(t);
    const [pkg] = await packagesOf(c);
    const noPackage = await c.post("/api/viasat/schedule-installation", { appointmentData: form() });
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json().message).toContain(NO_PACKAGE);
    for (const missing of ["preferredDate", "timeSlot", "address"]) {
      const res = await c.post("/api/viasat/schedule-installation", {
        packageId: pkg?.id,
        appointmentData: form({ [missing]: "" }),
      });
      expect(res.statusCode, missing).toBe(400);
      expect(res.json().message, missing).toContain(DETAILS_REQUIRED);
    }
    const noForm = await c.post("/api/viasat/schedule-installation", { packageId: pkg?.id });
    expect(noForm.statusCode).toBe(400);
    const badSlot = await c.post("/api/viasat/schedule-installation", {
      packageId: pkg?.id,
      appointmentData: form({ timeSlot: "6-10" }),
    });
    expect(badSlot.statusCode).toBe(400);
    expect(badSlot.json().message).toContain("Choose one of the offered time slots");
    const notADay = await c.post("/api/viasat/schedule-installation", {
      packageId: pkg?.id,
      appointmentData: form({ preferredDate: "2026-02-30" }),
    });
    expect(notADay.statusCode).toBe(400);
    const tooFar = await c.post("/api/viasat/schedule-installation", {
      packageId: pkg?.id,
      appointmentData: form({ preferredDate: plusDays(400) }),
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toMatch(/at most 180 days/);
  });

  it("answers 404 for another workspace's package or contact, and for an inactive package", async () => {
    const owner = await buildWorkspace(t);
    const [pkg] = await packagesOf(owner);
    const contactId = await contactOf(owner);
    const stranger = await buildWorkspace(t);
    const [ownPkg, second] = await packagesOf(stranger);
    const foreignPackage = await stranger.post("/api/viasat/schedule-installation", {
      packageId: pkg?.id,
      appointmentData: form(),
    });
    expect(foreignPackage.statusCode).toBe(404);
    expect(foreignPackage.json().message).toBe("That package was not found");
    const foreignContact = await stranger.post("/api/viasat/schedule-installation", {
      customerId: contactId,
      packageId: ownPkg?.id,
      appointmentData: form(),
    });
    expect(foreignContact.statusCode).toBe(404);
    expect(foreignContact.json().message).toBe("That contact was not found");
    const foreignOrders = await stranger.get(`/api/viasat/orders?contactId=${contactId}`);
    expect(foreignOrders.statusCode).toBe(404);
    expect((await stranger.put(`/api/viasat/packages/${second?.id}`, { isActive: false })).statusCode).toBe(
      200,
    );
    const inactive = await stranger.post("/api/viasat/schedule-installation", {
      packageId: second?.id,
      appointmentData: form(),
    });
    expect(inactive.statusCode).toBe(404);
    // Nothing was booked by the refusals.
    const slots = await rows(
      t,
      sql`select 1 from satellite_installation_slots where workspace_id = ${stranger.user?.workspace.id ?? ""}`,
    );
    expect(slots).toEqual([]);
  });

  it("keeps the two-day lead time in the workspace's time zone", async () => {
    const ny = await buildWorkspace(t);
    const [nyPkg] = await packagesOf(ny);
    const nyAvailability = (await ny.get("/api/viasat/availability")).json();
    expect(nyAvailability.earliestDate).toBe(plusDays(2));
    const tooSoon = await ny.post("/api/viasat/schedule-installation", {
      packageId: nyPkg?.id,
      appointmentData: form({ preferredDate: plusDays(1) }),
    });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().message).toMatch(
      /^Installation can be scheduled from .+ \(at least 2 days from today\)$/,
    );
    const twoDays = await ny.post("/api/viasat/schedule-installation", {
      packageId: nyPkg?.id,
      appointmentData: form({ preferredDate: plusDays(2) }),
    });
    expect(twoDays.statusCode).toBe(200);

    // On Kiritimati it is already tomorrow: two days out is a day later.
    const kiritimati = await buildWorkspace(t);
    const saved = await kiritimati.post("/api/ai-settings", { timezone: "Pacific/Kiritimati" });
    expect(saved.statusCode).toBe(200);
    const [kPkg] = await packagesOf(kiritimati);
    expect((await kiritimati.get("/api/viasat/availability")).json().earliestDate).toBe(plusDays(3));
    const refused = await kiritimati.post("/api/viasat/schedule-installation", {
      packageId: kPkg?.id,
      appointmentData: form({ preferredDate: plusDays(2) }),
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await kiritimati.post("/api/viasat/schedule-installation", {
      packageId: kPkg?.id,
      appointmentData: form({ preferredDate: plusDays(3), timeSlot: "2-6" }),
    });
    expect(accepted.statusCode).toBe(200);
    // 2 PM on Kiritimati is midnight UTC.
    const appointment = (await kiritimati.get("/api/appointments?filter=upcoming")).json()[0];
    expect(appointment.startTime).toBe(`${plusDays(3)}T00:00:00.000Z`);
  });

  it(`holds ${SLOT_CAPACITY} installations per slot and day: two requests for the last place, one wins`, async () => {
    const c = await buildWorkspace(t);
    const [pkg] = await packagesOf(c);
    const book = (slot = "1-5") =>
      c.post("/api/viasat/schedule-installation", {
        packageId: pkg?.id,
        appointmentData: form({ preferredDate: plusDays(7), timeSlot: slot }),
      });
    for (let i = 0; i < SLOT_CAPACITY - 1; i++) expect((await book()).statusCode).toBe(200);
    const [a, b] = await Promise.all([book(), book()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refusal = a.statusCode === 409 ? a : b;
    expect(refusal.json().message).toMatch(
      /^The 1:00 PM - 5:00 PM slot on .+ is fully booked\. Choose another time slot or date\.$/,
    );
    expect((await book()).statusCode).toBe(409);
    // Another slot that day, and the same slot another day, still have room.
    expect((await book("9-1")).statusCode).toBe(200);
    const availability = (await c.get(`/api/viasat/availability?date=${plusDays(7)}`)).json();
    expect(availability.slots).toEqual([
      { id: "8-12", label: "8:00 AM - 12:00 PM", remaining: SLOT_CAPACITY },
      { id: "1-5", label: "1:00 PM - 5:00 PM", remaining: 0 },
      { id: "9-1", label: "9:00 AM - 1:00 PM", remaining: SLOT_CAPACITY - 1 },
      { id: "2-6", label: "2:00 PM - 6:00 PM", remaining: SLOT_CAPACITY },
    ]);
    // Exactly the places given were written: orders, appointments and the counter agree.
    const [counter] = await rows<{ booked: number }>(
      t,
      sql`select booked from satellite_installation_slots where workspace_id = ${c.user?.workspace.id ?? ""} and slot = '1-5'`,
    );
    expect(counter?.booked).toBe(SLOT_CAPACITY);
    const orders = (await c.get("/api/viasat/orders")).json().orders;
    expect(orders.filter((o: { installationSlot: string }) => o.installationSlot === "1-5")).toHaveLength(
      SLOT_CAPACITY,
    );
    // Another workspace's crews are its own.
    const other = await buildWorkspace(t);
    const [otherPkg] = await packagesOf(other);
    const elsewhere = await other.post("/api/viasat/schedule-installation", {
      packageId: otherPkg?.id,
      appointmentData: form({ preferredDate: plusDays(7), timeSlot: "1-5" }),
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("checkout of a package (local payments provider)", () => {
  async function checkout(c: TestClient, priceId: string, metadata: Record<string, unknown>) {
    return c.post("/api/subscription/checkout", { planId: priceId, metadata });
  }

  it("carries the installation metadata to the order the paid checkout creates", async () => {
    const c = await buildWorkspace(t);
    const [pkg] = await packagesOf(c);
    const contactId = await contactOf(c, "Jordan Blake", "+15551230078");
    const before = (await c.get("/api/subscription")).json().subscription;
    const started = await checkout(c, "viasat_unlimited", {
      package_id: pkg?.id,
      service_type: "satellite_internet",
      installation_date: plusDays(4),
      installation_slot: "9-1",
      installation_address: "4 Pine Road, Gainesville, FL",
      customer_id: contactId,
      special_instructions: "Gate code 1234",
    });
    expect(started.statusCode).toBe(200);
    const id = String(started.json().sessionUrl).split("/").pop();
    expect(started.json().sessionUrl).toBe(`/checkout/${id}`);
    const page = (await c.get(`/api/checkout/${id}`)).json();
    expect(page).toMatchObject({
      kind: "product",
      planId: "viasat_unlimited",
      planName: "Viasat Unlimited",
      // The package's $150 and the $13 equipment, each month.
      amountCents: 16_300,
      status: "open",
    });
    expect(page.highlights).toContain("4 Pine Road, Gainesville, FL");
    // Nothing is booked before payment.
    expect((await c.get("/api/viasat/orders")).json().orders).toEqual([]);

    const confirmed = await c.post(`/api/checkout/${id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: "Your order for Viasat Unlimited is confirmed.",
      redirectTo: "/viasat-payment?checkout=success",
    });
    const [order] = (await c.get(`/api/viasat/orders?contactId=${contactId}`)).json().orders;
    expect(order).toMatchObject({
      status: "paid",
      installationStatus: "booked",
      packageId: pkg?.id,
      packageName: "Unlimited",
      price: 150,
      monthlyEquipmentFee: 13,
      installationDate: plusDays(4),
      installationSlot: "9-1",
      installationAddress: "4 Pine Road, Gainesville, FL",
      specialInstructions: "Gate code 1234",
      contactId,
    });
    const appointment = (await c.get("/api/appointments?filter=upcoming"))
      .json()
      .find((a: { id: string }) => a.id === order.appointmentId);
    expect(appointment).toMatchObject({ attendeeName: "Jordan Blake", attendeePhone: "+15551230078" });
    expect((await c.get(`/api/contacts/${contactId}`)).json().notes).toContain(order.confirmationNumber);
    // The workspace's own plan is untouched by a package sale.
    const after = (await c.get("/api/subscription")).json().subscription;
    expect(after).toMatchObject({ planType: before.planType, status: before.status });
    // Paid once: a second confirm is refused and books nothing more.
    expect((await c.post(`/api/checkout/${id}/confirm`)).statusCode).toBe(409);
    expect((await c.get("/api/viasat/orders")).json().orders).toHaveLength(1);
  });

  it("refuses a checkout without a package or installation details, with the spec's texts", async () => {
    const c = await buildWorkspace(t);
    const [pkg, choice30] = await packagesOf(c);
    const full = {
      package_id: pkg?.id,
      installation_date: plusDays(4),
      installation_slot: "8-12",
      installation_address: "4 Pine Road",
    };
    const noPackage = await checkout(c, "viasat_unlimited", { ...full, package_id: undefined });
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json().message).toBe(NO_PACKAGE);
    for (const field of ["installation_date", "installation_slot", "installation_address"]) {
      const res = await checkout(c, "viasat_unlimited", { ...full, [field]: "" });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe(DETAILS_REQUIRED);
    }
    const noMetadata = await c.post("/api/subscription/checkout", { planId: "viasat_unlimited" });
    expect(noMetadata.statusCode).toBe(400);
    const mismatch = await checkout(c, "viasat_unlimited", { ...full, package_id: choice30?.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe("The package does not match the price id");
    const tooSoon = await checkout(c, "viasat_unlimited", { ...full, installation_date: plusDays(1) });
    expect(tooSoon.statusCode).toBe(400);
    const unknown = await checkout(c, "viasat_nothing", full);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("That plan does not exist");
    const notObject = await c.post("/api/subscription/checkout", {
      planId: "viasat_unlimited",
      metadata: "x",
    });
    expect(notObject.statusCode).toBe(400);
    // Another workspace's contact or price id.
    const stranger = await buildWorkspace(t);
    const contactId = await contactOf(stranger);
    const foreignContact = await checkout(c, "viasat_unlimited", { ...full, customer_id: contactId });
    expect(foreignContact.statusCode).toBe(404);
    const foreignPackage = await checkout(stranger, "viasat_unlimited", full);
    expect(foreignPackage.statusCode).toBe(400);
    expect(foreignPackage.json().message).toBe("The package does not match the price id");
    const open = await rows(
      t,
      sql`select 1 from checkout_sessions where workspace_id = ${c.user?.workspace.id ?? ""}`,
    );
    expect(open).toEqual([]);
  });

  it("refuses to start a checkout for a full slot, and keeps a paid order whose slot filled meanwhile", async () => {
    const c = await buildWorkspace(t);
    const [pkg] = await packagesOf(c);
    const metadata = {
      package_id: pkg?.id,
      installation_date: plusDays(6),
      installation_slot: "2-6",
      installation_address: "9 Lake Drive",
    };
    const started = await checkout(c, "viasat_unlimited", metadata);
    expect(started.statusCode).toBe(200);
    for (let i = 0; i < SLOT_CAPACITY; i++) {
      const booked = await c.post("/api/viasat/schedule-installation", {
        packageId: pkg?.id,
        appointmentData: form({ preferredDate: plusDays(6), timeSlot: "2-6" }),
      });
      expect(booked.statusCode).toBe(200);
    }
    const refused = await checkout(c, "viasat_unlimited", metadata);
    expect(refused.statusCode).toBe(409);
    const id = String(started.json().sessionUrl).split("/").pop();
    expect((await c.post(`/api/checkout/${id}/confirm`)).statusCode).toBe(200);
    const paid = (await c.get("/api/viasat/orders"))
      .json()
      .orders.find((o: { status: string }) => o.status === "paid");
    expect(paid).toMatchObject({ installationStatus: "unscheduled", appointmentId: null });
  });
});

describe("POST /api/viasat/autodial", () => {
  it("calls the contact with a satellite-sales agent and script made from the catalogue, never the workspace's own script; another's contact is 404", async () => {
    const c = await buildWorkspace(t);
    // The workspace's calls otherwise follow a dental office's script.
    await c.post("/api/ai-scripts/from-template/dental-office", { isDefault: true });
    // A customer in London, where the clock's 11:00 UTC is inside the calling hours (in New York
    // it is 6 or 7 AM: the dial gate would refuse), who agreed to calls from the AI assistant.
    const added = await c.post("/api/contacts", {
      name: "Casey Rivera",
      phoneNumber: "+44 20 7946 0077",
      timezone: "Europe/London",
    });
    expect(added.statusCode, added.body).toBe(201);
    const contactId = added.json().id as string;
    await recordAiVoiceConsent(c, ["+442079460077"]);
    const first = await c.post("/api/viasat/autodial", { contactId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: "Calling Casey Rivera at +44 20 7946 0077",
      script: "Satellite internet sales",
    });
    const [call] = await rows<{ opening: string; agent: string | null; flow: string }>(
      t,
      sql`select c.ai_response as opening, a.name as agent,
                 c.engine_state->'script'->>'name' as flow
          from calls c left join ai_agents a on a.id = c.agent_id where c.id = ${first.json().callId}`,
    );
    expect(call?.agent).toBe("Satellite Sales");
    expect(call?.flow).toBe("Satellite internet sales");
    expect(call?.opening).toMatch(
      /^Hi Casey, this is Satellite Sales with .*, calling about satellite internet/,
    );
    expect(call?.opening).not.toMatch(/dental|teeth/i);
    // Made once: the second call finds the same agent and script.
    const again = await c.post("/api/viasat/autodial", { contactId });
    expect(again.statusCode, again.body).toBe(200);
    const made = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from ai_agents where workspace_id = ${c.user!.workspace.id} and name = 'Satellite Sales'`,
    );
    expect(made[0]?.n).toBe(1);

    const stranger = await buildWorkspace(t);
    const foreign = await stranger.post("/api/viasat/autodial", { contactId });
    expect(foreign.statusCode).toBe(404);
    const invalid = await c.post("/api/viasat/autodial", { contactId: "nope" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain("That customer was not found");
  });
});
