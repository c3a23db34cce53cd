import type { TestClient } from "./app";
import { asDataUrl, speechLikeWav } from "./audio";

/**
 * For each resource (the path segment after /api/) with :id routes, how to create one as its
 * owner, answering the route parameters. The isolation walk in route-walk.test.ts calls every
 * :id route as a second account with these ids: each must answer 404. A route whose resource
 * has no fixture here fails the walk, so new routes cannot slip past it.
 */
export type Fixture = (owner: TestClient) => Promise<Record<string, string>>;

const LEAD_FIXTURES = new WeakMap<TestClient, Record<string, string>>();
const EMAIL_FIXTURES = new WeakMap<TestClient, Record<string, string>>();
const PHONE_SYSTEM_FIXTURES = new WeakMap<TestClient, Record<string, string>>();

export const OWNED_RESOURCE_FIXTURES: Record<string, Fixture> = {
  async calls(owner) {
    const res = await owner.post("/api/calls/simulate", {
      phoneNumber: "+15551230000",
      callerName: "Owner's caller",
    });
    return { id: res.json().id };
  },
  async appointments(owner) {
    const res = await owner.post("/api/appointments", {
      title: "Owner's appointment",
      startTime: "2030-01-15T14:00:00.000Z",
      endTime: "2030-01-15T15:00:00.000Z",
    });
    return { id: res.json().id };
  },
  /** Every sign-up's trial (personal or business) includes voice cloning. */
  async "voice-profiles"(owner) {
    const res = await owner.post("/api/voice-profiles", {
      voiceName: "Owner's voice",
      // Small (8 kHz, 13 s, about 11.6 s of it speech): the test app keeps samples under DATA_DIR.
      audioData: asDataUrl(speechLikeWav(13)),
      consent: true,
    });
    return { id: res.json().id };
  },
  /** The local payments provider's order page. */
  async checkout(owner) {
    const res = await owner.post("/api/subscription/checkout", { planId: "pro" });
    return { id: String(res.json().sessionUrl).split("/").pop() ?? "" };
  },
  /** The carrier webhooks' :callId is a call of the owner's (a voice demo call is one). */
  async telephony(owner) {
    const res = await owner.post("/api/conversation/start-demo", { phoneNumber: "+15551230001" });
    return { callId: res.json().callId };
  },
  /** Switching into the owner's workspace. */
  async workspaces(owner) {
    return { id: owner.user?.workspace.id ?? "" };
  },
  /** A member of the owner's team and a pending invitation of its. */
  async workspace(owner) {
    const invited = await owner.post("/api/workspace/invitations", {
      email: `walk_${Math.random().toString(36).slice(2, 10)}@example.com`,
      role: "agent",
    });
    const members = (await owner.get("/api/workspace/members")).json() as { members: { userId: string }[] };
    return { userId: members.members[0]?.userId ?? "", id: invited.json().invitation.id };
  },
  /** An invitation link's token is its own credential, for the person invited: see route-walk.test.ts. */
  async invitations(owner) {
    const invited = await owner.post("/api/workspace/invitations", {
      email: `walk_${Math.random().toString(36).slice(2, 10)}@example.com`,
      role: "agent",
    });
    return { token: String(invited.json().url).split("/invite/")[1] ?? "" };
  },
  /** A background job of the owner's: a bulk call (the owner signs up for a team, which may bulk call). */
  async jobs(owner) {
    const res = await owner.post("/api/calls/bulk", { phoneNumbers: ["+15551230009"] });
    return { id: res.json().jobId };
  },
  /** A contact of the owner's, with a phone number (so dial reaches the owner check). */
  async contacts(owner) {
    const res = await owner.post("/api/contacts", { name: "Owner's contact", phoneNumber: "+15551230042" });
    // An import of the owner's, for /api/contacts/imports/:importId.
    const imported = await owner.post(
      "/api/contacts/upload?fileName=walk.csv",
      "Name,Phone\nWalk,+15551230046\n",
      {
        headers: { "content-type": "text/csv" },
      },
    );
    // A saved segment and a bulk action of the owner's, for /api/contacts/segments/:segmentId
    // and /api/contacts/bulk/:bulkId.
    const segment = await owner.post("/api/contacts/segments", {
      name: `Walk ${Math.random().toString(36).slice(2, 10)}`,
      filter: { statuses: ["new"], tags: ["walk"] },
    });
    const bulk = await owner.post("/api/contacts/bulk", {
      selection: { ids: [res.json().id] },
      action: { type: "tag", tags: ["walk"] },
    });
    return {
      id: res.json().id,
      importId: imported.json().id,
      segmentId: segment.json().id,
      bulkId: bulk.json().id,
    };
  },
  /** One of the owner's satellite-internet packages (the defaults are written on first read). */
  async viasat(owner) {
    const res = await owner.get("/api/viasat/packages");
    return { id: res.json().packages[0]?.id ?? "" };
  },
  /** A business number of the owner's (its simulator number) with an extension. */
  async grasshopper(owner) {
    // A carrier number is one business number: made once per owner.
    const made = PHONE_SYSTEM_FIXTURES.get(owner);
    if (made) return made;
    const { simulatorNumber } = (await owner.get("/api/telephony")).json() as { simulatorNumber: string };
    const added = await owner.post("/api/grasshopper/numbers", { number: simulatorNumber });
    const id = added.json().number?.id ?? "";
    const extension = await owner.post(`/api/grasshopper/numbers/${id}/extensions`, {
      digits: "1",
      name: "Owner's extension",
      target: "voicemail",
    });
    // The carrier webhooks name the number as :numberId.
    const ids = { id, numberId: id, extensionId: extension.json().extension?.id ?? "" };
    PHONE_SYSTEM_FIXTURES.set(owner, ids);
    return ids;
  },
  /** A number on the owner's do-not-call list. */
  async "do-not-call"(owner) {
    const res = await owner.post("/api/do-not-call", { phoneNumber: "+15551230043" });
    return { id: res.json().id };
  },
  /** A script of the owner's (its :id also stands for a template id nobody has: 404 too). */
  async "ai-scripts"(owner) {
    const res = await owner.post("/api/ai-scripts", { name: "Owner's script" });
    return { id: res.json().id };
  },
  async "ai-agents"(owner) {
    const res = await owner.post("/api/ai-agents", { name: "Owner's agent" });
    return { id: res.json().id };
  },
  async "routing-rules"(owner) {
    const agent = await owner.post("/api/ai-agents", { name: "Owner's routed agent" });
    const res = await owner.post("/api/routing-rules", {
      name: "Pricing",
      keywords: "price",
      agentId: agent.json().id,
    });
    return { id: res.json().id };
  },
  async "conversation-flows"(owner) {
    const agent = await owner.post("/api/ai-agents", { name: "Owner's flow agent" });
    const res = await owner.post("/api/conversation-flows", {
      name: "Hours",
      trigger: "hours",
      agentId: agent.json().id,
      response: "We are open nine to five.",
    });
    return { id: res.json().id };
  },
  /** A telecom agent of the owner's (/agent-manager). */
  async agents(owner) {
    const res = await owner.post("/api/agents/save", { name: "Owner's telecom agent" });
    return { id: res.json().agent.id };
  },
  async "agent-tests"(owner) {
    const res = await owner.post("/api/agent-tests", {
      name: "Owner's test",
      turns: ["I have no internet since yesterday"],
      expectTransfer: false,
    });
    return { id: res.json().id };
  },
  /** AI Studio: an AI flow, a voice clone (a voice profile), an automation rule, a spoken sample. */
  async "ai-flows"(owner) {
    const res = await owner.post("/api/ai-flows", {
      name: "Owner's flow",
      triggerKeywords: ["opening hours"],
      responseTemplate: "We open at nine, {{callerName}}.",
    });
    return { id: res.json().id };
  },
  async "voice-clones"(owner) {
    const res = await owner.post("/api/voice-clones", {
      name: "Owner's clone",
      audioData: asDataUrl(speechLikeWav(13)),
      consent: true,
    });
    return { id: res.json().id };
  },
  async "automation-rules"(owner) {
    const res = await owner.post("/api/automation-rules", {
      name: "Owner's rule",
      condition: { type: "classification_is", classification: "support" },
      action: { type: "follow_up" },
    });
    return { id: res.json().id };
  },
  async "ai-studio"(owner) {
    const res = await owner.post("/api/ai-studio/generate-voice", { text: "Hello from the owner." });
    return { id: String(res.json().audioUrl).split("/").pop() ?? "" };
  },
  /**
   * The autodialer: a manual campaign of the owner's with a lead, a number on its
   * do-not-call list, and the lead dialled from the console (an attempt of the owner's).
   */
  async autodialer(owner) {
    const campaign = await owner.post("/api/autodialer/campaigns", {
      name: "Owner's campaign",
      dialingMode: "manual",
    });
    const id = campaign.json().id;
    await owner.post(`/api/autodialer/campaigns/${id}/leads`, {
      text: "+15551230061, Owner, Lead\n+15551230062, Second, Lead",
    });
    const entry = await owner.post(`/api/autodialer/campaigns/${id}/do-not-call`, {
      phoneNumber: "+15551230063",
    });
    const leads = (await owner.get(`/api/autodialer/campaigns/${id}/leads`)).json().leads as { id: string }[];
    const dialled = await owner.post(`/api/autodialer/leads/${leads[0]?.id}/dial`);
    return { id, entryId: entry.json().id, leadId: leads[1]?.id ?? "", attemptId: dialled.json().attemptId };
  },
  /**
   * Lead generation: a campaign, and a dealer search's CSV (the tests' simulated
   * search). Made once per owner: the walks ask for them once per :id route.
   */
  async leads(owner) {
    const made = LEAD_FIXTURES.get(owner);
    if (made) return made;
    const campaign = await owner.post("/api/leads/campaigns", {
      name: "Owner's campaign",
      searchCriteria: { industry: "plumbers", location: "Tampa, FL" },
    });
    const dealers = await owner.post("/api/leads/viasat-dealers", { locations: ["Miami"], exportCSV: true });
    const ids = { id: campaign.json().id, exportId: String(dealers.json().csvPath).split("/").pop() ?? "" };
    LEAD_FIXTURES.set(owner, ids);
    return ids;
  },
  /**
   * Email marketing: a template, a campaign to one contact, a test message in the
   * outbox and the unsubscribe token from its List-Unsubscribe header. Made once per owner.
   */
  async "email-marketing"(owner) {
    const made = EMAIL_FIXTURES.get(owner);
    if (made) return made;
    await owner.put("/api/email-marketing/settings", { postalAddress: "1 Main St, Orlando, FL 32801" });
    await owner.post("/api/contacts", {
      name: "Pat Doe",
      phoneNumber: "+15551230077",
      email: "pat@example.com",
    });
    const template = await owner.post("/api/email-marketing/templates", {
      name: "Owner's template",
      subject: "Hello {{firstName}}",
      textContent: "Hi {{firstName|there}}",
      htmlContent: '<p>Hi {{firstName|there}}, <a href="https://example.com/offer">our offer</a></p>',
    });
    const id = template.json().id as string;
    const campaign = await owner.post("/api/email-marketing/send-campaign", {
      templateId: id,
      delayBetweenBatches: 0,
      trackOpens: true,
      trackClicks: true,
    });
    // The campaign's one message, in the outbox once its job has sent it: its tracking tokens.
    const campaignId = campaign.json().campaignId as string;
    let tracked = "";
    for (let i = 0; i < 300 && !tracked.includes("/track/open/"); i++) {
      const list = await owner.get("/api/email-marketing/outbox");
      const sent = (list.json().messages as { id: string; to: string }[]).find((m) => m.to.includes("pat@"));
      if (sent) tracked = String((await owner.get(`/api/email-marketing/outbox/${sent.id}`)).json().html);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const openToken = tracked.match(/track\/open\/([^"&]+)/)?.[1] ?? "";
    const clickToken = tracked.match(/track\/click\/([^"&]+)/)?.[1] ?? "";
    const test = await owner.post("/api/email-marketing/send-test", {
      templateId: id,
      testEmail: "owner@example.com",
    });
    const messageId = String(test.json().messageId).replace(/^<|@.*$/g, "");
    const message = await owner.get(`/api/email-marketing/outbox/${messageId}`);
    const header = (message.json().headers as { name: string; value: string }[]).find(
      (h) => h.name.toLowerCase() === "list-unsubscribe",
    );
    const token = header?.value.match(/unsubscribe\/([^>]+)>/)?.[1] ?? "";
    const ids = { id, campaignId, messageId, token, openToken, clickToken };
    EMAIL_FIXTURES.set(owner, ids);
    return ids;
  },
  /** The private feed's token is its own credential: see the public-route case in route-walk.test.ts. */
  async calendar(owner) {
    const res = await owner.post("/api/calendar/feed");
    const path = String(res.json().feedUrlPath);
    return { token: path.replace(/^\/api\/calendar\//, "").replace(/\.ics$/, "") };
  },
};

/**
 * A valid body for routes that validate one: the isolation walk reaches the owner check rather
 * than a 400, and the route fuzz (route-fuzz.test.ts) spoils one field at a time, so every
 * field's validation is exercised. A route missing here is still fuzzed, with a generic body.
 */
export const VALID_BODIES: Record<string, unknown> = {
  "PATCH /api/calls/:id": { isActive: false },
  "POST /api/calls/:id/hold": { isOnHold: true },
  "POST /api/calls/:id/process-audio": { text: "Hello, is anyone there?" },
  "POST /api/calls/:id/transfer": {},
  "PATCH /api/appointments/:id": { title: "Renamed by someone else", status: "cancelled" },
  "PATCH /api/leads/campaigns/:id": { status: "active", schedule: "weekly" },
  "PUT /api/email-marketing/templates/:id": { name: "Renamed by someone else" },
  "POST /api/email-marketing/templates": {
    name: "Welcome",
    subject: "Hello {{firstName}}",
    textContent: "Hi",
  },
  "POST /api/auth/signup": {
    username: "fuzz_user",
    email: "fuzz@example.com",
    password: "correct horse battery",
    fullName: "Fuzz User",
    planType: "business",
    businessInfo: { companyName: "Fuzz Ltd", industry: "retail", businessHours: "9-5" },
  },
  "POST /api/auth/login": { login: "fuzz_user", password: "correct horse battery" },
  "PUT /api/user/profile": { fullName: "Pat Doe" },
  "POST /api/user/accept-terms": { termsVersion: "1.0" },
  "POST /api/user/password": {
    currentPassword: "correct horse battery",
    newPassword: "correct horse staple",
  },
  "POST /api/calls/simulate": { phoneNumber: "+15551230000", callerName: "Pat" },
  "POST /api/appointments": {
    title: "Consultation",
    description: "First visit",
    startTime: "2030-01-15T14:00:00.000Z",
    endTime: "2030-01-15T15:00:00.000Z",
    attendeeName: "Pat Doe",
    attendeeEmail: "pat@example.com",
    attendeePhone: "+15551230000",
  },
  "POST /api/ai-settings": {
    personality: "friendly",
    greetingMessage: "Hello, how can I help?",
    appointmentDuration: 30,
    workingHours: { start: "09:00", end: "17:00", days: [1, 2, 3] },
    timezone: "Europe/London",
  },
  "PUT /api/calendar/settings": { defaultDuration: 30, bufferMinutes: 15 },
  "PUT /api/onboarding/simulator": { useSimulator: true },
  "POST /api/subscription/checkout": { planId: "pro" },
  "POST /api/voice-profiles": {
    voiceName: "My voice",
    audioData: "data:audio/wav;base64,UklGRg==",
    consent: true,
  },
  "POST /api/contacts/import": { csvData: "Name,Phone\nPat Doe,+15551230000" },
  "POST /api/contacts": {
    name: "Pat Doe",
    phoneNumber: "(555) 123-0000",
    email: "pat@example.com",
    company: "Doe Ltd",
    notes: "Met at the fair",
    tags: "vip, fair",
    contactStatus: "interested",
  },
  "PATCH /api/contacts/:id": { name: "Renamed by someone else", isFavorite: true },
  "POST /api/contacts/bulk": { selection: { filter: {} }, action: { type: "tag", tags: ["walk"] } },
  "POST /api/contacts/bulk/export": { selection: { filter: { status: "new" } } },
  "POST /api/contacts/segments": { name: "Walk segment", filter: { statuses: ["new"] } },
  "POST /api/contacts/segments/count": { statuses: ["new"], leadScoreMin: 10 },
  "PATCH /api/contacts/segments/:segmentId": { name: "Renamed by someone else" },
  "PUT /api/contacts/:id": { name: "Replaced by someone else", phoneNumber: "+15551230001" },
  "POST /api/contacts/:id/dial": { agentId: "1", purpose: "sales" },
  "PUT /api/viasat/packages/:id": { price: 149.99 },
  "POST /api/grasshopper/numbers": { number: "+15555550100" },
  "PATCH /api/grasshopper/numbers/:id": { location: "Changed by someone else" },
  "PUT /api/grasshopper/numbers/:id/hours": { hours: [{ weekday: 1, open: "09:00", close: "17:00" }] },
  "POST /api/grasshopper/numbers/:id/extensions": { digits: "2", name: "Sales", target: "voicemail" },
  "PUT /api/grasshopper/numbers/:id/extensions/:extensionId": {
    digits: "3",
    name: "Renamed by someone else",
    target: "voicemail",
  },
  "POST /api/do-not-call": { phoneNumber: "+15551230044" },
  "POST /api/do-not-call/import": { csvData: "phone\n+15551230045" },
  "POST /api/calls/bulk": { phoneNumbers: ["+15551230000"], callPurpose: "Reminder" },
  "PUT /api/telephony/twilio": {
    accountSid: `AC${"0".repeat(32)}`,
    authToken: "a".repeat(32),
    phoneNumber: "+14155550123",
  },
  "PATCH /api/telephony/twilio": { phoneNumber: "+14155550123" },
  "POST /api/telephony/simulator/calls": { from: "+15551230000", callerName: "Pat", script: ["Hello"] },
  "POST /api/voice/outbound": { phoneNumber: "+15551230000", purpose: "Reminder" },
  "POST /api/conversation/start-demo": { phoneNumber: "+15551230000" },
  "POST /api/conversation/process": { callId: "00000000-0000-4000-8000-000000000000", message: "Hello" },
  "POST /api/call-system-test/start": { count: 1 },
  "PATCH /api/workspace": { name: "Renamed workspace" },
  "PATCH /api/workspace/members/:userId": { role: "admin" },
  "POST /api/workspace/transfer": { userId: "00000000-0000-4000-8000-000000000000" },
  "POST /api/workspace/invitations": { email: "invitee@example.com", role: "agent" },
  "POST /api/ai-scripts": {
    name: "Front desk",
    description: "Answers the front desk line",
    scriptType: "inbound",
    openingMessage: "Hello! How can I help you today?",
    conversationFlow: ["May I have your name?"],
    businessRules: ["We are open nine to five."],
    transferRules: {
      keywords: ["manager"],
      minutes: 10,
      conditions: ["urgent"],
      transferNumber: "+15551230050",
    },
    appointmentSettings: { enabled: true, durationMinutes: 30, bufferMinutes: 0 },
    voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" },
    personalityTraits: { tone: "professional", empathy: 7, formality: 8 },
    isDefault: false,
  },
  "PUT /api/ai-scripts/:id": { name: "Renamed by someone else", openingMessage: "Hi there" },
  "POST /api/ai-scripts/from-template/:id": { name: "From a template" },
  "POST /api/ai-agents": {
    name: "Sales agent",
    specialization: "sales",
    keywords: "price, quote",
    rebuttalPlaybook: "I understand.\nMany customers felt the same.",
    empathyLevel: 6,
    transferThreshold: 0.8,
  },
  "PUT /api/ai-agents/:id": { name: "Renamed by someone else", keywords: ["billing"] },
  "PATCH /api/ai-agents/:id": { status: "paused" },
  "POST /api/routing-rules": {
    name: "Pricing",
    keywords: ["price"],
    agentId: "00000000-0000-4000-8000-000000000000",
    priority: 5,
  },
  "PUT /api/routing-rules/:id": { name: "Renamed by someone else", priority: 3 },
  "POST /api/conversation-flows": {
    name: "Hours",
    trigger: ["hours"],
    agentId: "00000000-0000-4000-8000-000000000000",
    response: "We are open nine to five.",
    nextAction: "continue",
  },
  "PUT /api/conversation-flows/:id": { name: "Renamed by someone else", response: "Changed" },
  "POST /api/agents/save": {
    name: "Internet specialist",
    specialization: "internet",
    providers: ["viasat", "att"],
    keywords: ["internet"],
    responseStyle: "friendly",
    maxCallDuration: 15,
    transferThreshold: 3,
    salesGoals: { dailyTarget: 10, bundlePreference: 50, upsellRate: 30 },
  },
  "POST /api/conversation/test": { message: "How much is the unlimited plan?", phoneNumber: "+15551230000" },
  "POST /api/agent-tests": {
    name: "No internet",
    turns: ["I have no internet since yesterday"],
    expectedClassification: "support",
    expectTransfer: false,
  },
  "PUT /api/agent-tests/:id": { name: "Renamed by someone else" },
  "POST /api/agent-tests/run": {},
  "POST /api/ai-flows": {
    name: "Opening hours",
    triggerKeywords: ["opening hours", "open"],
    responseTemplate: "Hi {{callerName}}, we are open until five today.",
    nextAction: "continue",
    conditions: [],
  },
  "PUT /api/ai-flows/:id": { name: "Renamed by someone else" },
  "POST /api/ai-flows/:id/test": { testMessage: "What are your opening hours?" },
  "POST /api/voice-clones": {
    name: "My voice",
    audioData: "data:audio/wav;base64,UklGRg==",
    consent: true,
  },
  "POST /api/automation-rules": {
    name: "Follow up on support calls",
    condition: { type: "classification_is", classification: "support" },
    action: { type: "follow_up" },
  },
  "PUT /api/automation-rules/:id": { name: "Renamed by someone else" },
  "POST /api/autodialer/campaigns": {
    name: "Spring renewals",
    description: "Customers whose plan ends in May",
    dialingMode: "predictive",
    maxLines: 15,
    dialRatio: 2.5,
    maxAttempts: 3,
    retryMinutes: 60,
    callingHoursStart: "09:00",
    callingHoursEnd: "20:00",
  },
  "PATCH /api/autodialer/campaigns/:id": { name: "Renamed by someone else", dialRatio: 2 },
  "POST /api/autodialer/campaigns/:id/leads": { text: "+15551230071, Pat, Doe, Doe Ltd, pat@example.com" },
  "POST /api/autodialer/campaigns/:id/import-leads": { contactIds: ["00000000-0000-4000-8000-000000000000"] },
  "POST /api/autodialer/campaigns/:id/do-not-call": { phoneNumber: "+15551230072" },
  "PUT /api/autodialer/console/status": { status: "available" },
  "POST /api/autodialer/console/calls/:attemptId/end": { disposition: "not_interested", notes: "No budget" },
  "POST /api/autodialer/leads/:leadId/callback": { at: "2031-03-04T15:00:00.000Z", agentOnly: true },
  "POST /api/autodialer/console/calls/:attemptId/say": { text: "Hello, this is Sam" },
  "POST /api/autodialer/console/calls/:attemptId/hold": { hold: true },
  "POST /api/autodialer/console/calls/:attemptId/transfer": { phoneNumber: "+15551230073" },
  "POST /api/autodialer/console/calls/:attemptId/hand-over": {
    agentId: "00000000-0000-4000-8000-000000000000",
  },
  "POST /api/autodialer/supervisor/calls/:attemptId/monitor": { mode: "listen" },
  "POST /api/ai-studio/analyze-conversation": { message: "My internet has been down since yesterday" },
  "POST /api/ai-studio/generate-voice": {
    text: "Thanks for calling.",
    voiceSettings: { tone: "warm", speed: "slow", language: "en-GB" },
  },
};
