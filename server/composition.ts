import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { provisionWorkspace } from "./commands/provision-workspace";
import { callOutcomeRecorder } from "./commands/record-call-outcome";
import type { Config } from "./config";
import { resolveAppSecret, secretBox } from "./crypto/secret-box";
import type { Database } from "./db/client";
import { defaultClassifier } from "./engine";
import { accessChanges } from "./events/access";
import type { EventBus } from "./events/bus";
import { backupService } from "./features/admin/backups";
import { adminCallsReport } from "./features/admin/calls-report";
import { platformConfigReader, platformConfigService } from "./features/admin/config";
import { transcriptionSwitch } from "./features/admin/config-speech";
import { adminExports } from "./features/admin/exports";
import { errorRateMeter } from "./features/admin/health";
import { quickActionService } from "./features/admin/quick-actions";
import { adminReports } from "./features/admin/reports";
import { adminRepository } from "./features/admin/repository";
import { adminService } from "./features/admin/service";
import { signInGate } from "./features/admin/sign-in-gate";
import { accountDeletion } from "./features/admin/users-delete";
import { workspaceDeletion } from "./features/admin/workspace-delete";
import { workspaceFiles } from "./features/admin/workspace-files";
import { callAssistant } from "./features/agents/call-assistant";
import type { ConversationDeps } from "./features/agents/conversation";
import { conversationService } from "./features/agents/conversation-service";
import { agentService } from "./features/agents/service";
import { telecomAgentService } from "./features/agents/telecom-service";
import { agentTestService } from "./features/agents/tests-service";
import { aiSettingsService } from "./features/ai-settings/service";
import { type AiStudioService, aiStudioService } from "./features/ai-studio/service";
import { appointmentService } from "./features/appointments/service";
import type { Area, BuiltArea } from "./features/area";
import { AREAS } from "./features/areas";
import { accountMail } from "./features/auth/account-mail";
import { authRepository } from "./features/auth/repository";
import { authService } from "./features/auth/service";
import { billingService } from "./features/billing/service";
import { businessService } from "./features/business/service";
import { calendarService } from "./features/calendar/service";
import { memoizedConversationModel } from "./features/calls/memo-model";
import { callService } from "./features/calls/service";
import { createUnderstand } from "./features/calls/understand";
import { contactBulkService } from "./features/contacts/bulk";
import { contactCallOutcomes } from "./features/contacts/call-outcomes";
import { contactDialer } from "./features/contacts/dial";
import { doNotCallService } from "./features/contacts/do-not-call";
import { emailAudience } from "./features/contacts/email-audience";
import { contactImportService } from "./features/contacts/import/service";
import { segmentService } from "./features/contacts/segments";
import { contactService } from "./features/contacts/service";
import { type DialerRuntime, dialerRuntime } from "./features/dialer/runtime";
import { dialerService } from "./features/dialer/service";
import { emailService } from "./features/email/service";
import { unsubscribeTokens } from "./features/email/unsubscribe-token";
import { emailWizardService } from "./features/email/wizard/service";
import { enterpriseService } from "./features/enterprise/service";
import { healthService } from "./features/health/service";
import { leadGenerationService } from "./features/lead-generation/service";
import { phoneSystemService } from "./features/phone-system/service";
import { voicemailBox } from "./features/phone-system/voicemail";
import { retentionService } from "./features/retention/service";
import { satelliteService } from "./features/satellite/service";
import { scriptService } from "./features/scripts/service";
import { telephonyService } from "./features/telephony/service";
import { usageCounters } from "./features/usage/counters";
import { usageService, withUsageLimits } from "./features/usage/service";
import { userService } from "./features/user/service";
import { voiceService } from "./features/voice/service";
import { voiceCallService } from "./features/voice-calls/service";
import { workspaceDirectory } from "./features/workspaces/directory";
import { type WorkspaceService, workspaceService } from "./features/workspaces/service";
import { createJobQueue } from "./jobs";
import { scheduleAdminBackups } from "./jobs/kinds/admin-backup";
import { defineBulkCall } from "./jobs/kinds/bulk-call";
import { defineCallAutomation } from "./jobs/kinds/call-automation";
import { scheduleCallTimeout } from "./jobs/kinds/call-timeout";
import { defineContactsBulk } from "./jobs/kinds/contacts-bulk";
import { defineContactsImport } from "./jobs/kinds/contacts-import";
import { scheduleDialerTick } from "./jobs/kinds/dialer-tick";
import { defineEmailCampaign, defineEmailRetrySweep } from "./jobs/kinds/email-campaign";
import { defineContactsVacuum, scheduleHousekeeping } from "./jobs/kinds/housekeeping";
import { defineLeadCampaigns, queueLeadCampaignRun } from "./jobs/kinds/lead-campaigns";
import { defineRetention, scheduleRetention } from "./jobs/kinds/retention";
import { defineVoicemailTranscription } from "./jobs/kinds/voicemail-transcription";
import { createLeadSearchProvider } from "./providers/lead-search";
import { createLanguageModel } from "./providers/llm";
import { createConversationModel } from "./providers/llm/conversation-model";
import { createEmailWriter } from "./providers/llm/email-writer";
import { createMailTransport } from "./providers/mail";
import { createPaymentsProvider } from "./providers/payments";
import type { SpeechToText } from "./providers/speech";
import type { CarrierDelivery, CarrierMediaFetch } from "./providers/telephony/simulator";
import { createVoiceProviders } from "./providers/voice";
import { nearestStockVoice } from "./providers/voice/espeak";

export type CompositionInput = {
  config: Config;
  database: Database;
  events: EventBus;
  speech: SpeechToText | null;
  log: FastifyBaseLogger;
  /** How the built-in carrier reaches the app's webhooks (buildApp passes app.inject). */
  deliver: CarrierDelivery;
  /** How the built-in carrier fetches a <Play>'s audio (buildApp passes app.inject). */
  fetchAudio?: CarrierMediaFetch | undefined;
  /** The server's clock (tests move it); absent means the real one. */
  now?: (() => Date) | undefined;
  /** The simulated caller's recorded voice (tests: words their recogniser reads back); else espeak-ng. */
  simulatorVoice?: ((text: string) => Promise<Buffer>) | undefined;
  /** Periodic clean-ups as scheduled jobs; tests that move the clock run them by hand instead. */
  schedules?: boolean | undefined;
  /** The areas beyond the core services; features/areas.ts's list unless a test adds one. */
  areas?: readonly Area[] | undefined;
};

/**
 * The core services, each built once and handed the narrow services it uses; areas never build
 * each other's. Read top to bottom, it is the dependency order of the app, except where a
 * service reaches one built later through a closure (`team()`, `voicemails`): the cycles still to
 * break. Areas whose module.ts builds their own service come after, in composeServices.
 */
function composeCore(input: CompositionInput) {
  const { config, database, events, speech, log } = input;
  const db = database.db;
  const clock = input.now ? { now: input.now } : {};

  // People and workspaces. Sign-up needs the teams service (invitations), and teams needs the
  // sessions: the two meet through `teams`, assigned right after the auth service is built.
  // Cached sessions and settings are dropped on every server when access changes.
  const access = accessChanges(events);
  const directory = workspaceDirectory(db);
  let teams: WorkspaceService | undefined;
  const team = (): WorkspaceService => {
    if (!teams) throw new Error("the teams service is used before it is built");
    return teams;
  };
  const counters = usageCounters(db);
  const settings = aiSettingsService({
    db,
    access,
    workspaces: { setTimezone: (workspaceId, timezone) => team().setTimezone(workspaceId, timezone) },
  });
  const billing = billingService({
    db,
    workspaces: {
      setPlanIn: (tx, workspaceId, planType) => team().setPlanIn(tx, workspaceId, planType),
      planChanged: (workspaceId) => team().planChanged(workspaceId),
    },
    counters,
    // Warns at start when a production server sells through the test checkout, or sells nothing.
    payments: createPaymentsProvider(config, log),
    publicUrl: config.publicUrl,
    log,
    ...clock,
  });
  // The admin area's tables: auth asks them at sign-in (suspensions, failed attempts audited).
  const adminRepo = adminRepository(db);
  // The platform's configuration, read by every server through a short cache:
  // the call ceiling and recording (telephony), the call time limit, the API limit, maintenance.
  const platformConfig = platformConfigService({
    db,
    reader: platformConfigReader({ read: () => adminRepo.readConfig() }),
  });
  const platformSettings = () => platformConfig.reader.get();
  // Email goes through one transport (SMTP_URL, or .eml files in DATA_DIR/outbox): the account
  // messages (confirmation and reset links, security notices) and email marketing below.
  const mailTransport = createMailTransport(config);
  if (config.mail.smtpUrl && !config.publicUrl)
    log.warn("SMTP_URL is set without PUBLIC_URL: the links in account emails point at localhost");
  const accountMessages = accountMail({
    transport: mailTransport,
    from: config.mail.from,
    appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    log,
  });
  const auth = authService(authRepository(db), config, {
    signInGate: signInGate(adminRepo),
    notices: accountMessages,
    access,
    directory,
    provisionWorkspace: provisionWorkspace({
      workspaces: { createWithOwner: (tx, fields, ownerId) => team().createWithOwner(tx, fields, ownerId) },
      aiSettings: settings,
      billing,
    }),
    checkInvitation: (token, email) => team().checkInvitation(token, email),
    redeemInvitation: (tx, redeem) => team().redeemOnSignup(tx, redeem),
  });
  teams = workspaceService({ db, sessions: auth, accessChanged: access.changed, ...clock });
  const users = userService(auth);

  // Calls and what they touch.
  const contacts = contactService({
    db,
    copyCsv: database.copyCsv,
    // Each COPY on the embedded database holds the event loop (20,000 contacts: about 0.2 s) and
    // is one piece in memory; PostgreSQL streams, and each range costs a statement of its own.
    exportChunkRows: config.exportChunkRows ?? (database.engine === "pglite" ? 20_000 : 100_000),
    ...clock,
  });
  const doNotCall = doNotCallService({ db });
  const appointments = appointmentService(db, clock);
  const usage = usageService({ billing, counters, settings, ...clock });
  const understand = createUnderstand({
    classifier: defaultClassifier,
    llm: createLanguageModel(config),
    log,
  });
  // LLM_BASE_URL also answers turns, through the engine's tools (null: the local engine alone).
  const conversationModel = createConversationModel(config, log);
  // AI Studio answers turns with its flows and runs its rules when a call
  // ends: built below, once voices and jobs exist, and reached by the calls through these ports.
  let studio: AiStudioService | undefined;
  const aiStudio = (): AiStudioService => {
    if (!studio) throw new Error("the AI Studio service is used before it is built");
    return studio;
  };
  // The plan's monthly limits stand in front of the engine (see features/usage/service.ts).
  const calls = withUsageLimits(
    callService({
      db,
      events,
      understand,
      // Asked once per caller turn, though a turn may run the engine twice.
      conversationModel: memoizedConversationModel(conversationModel),
      streamRows: database.streamRows,
      idleCallMinutes: config.idleCallMinutes,
      accounts: directory,
      settings,
      appointments,
      usage: counters,
      contacts,
      studio: {
        answerTurn: (...args) => aiStudio().answerTurn(...args),
        callEnded: (...args) => aiStudio().callEnded(...args),
      },
      // What a call's outcome changes on the contacts side and on a campaign's lead.
      outcomes: callOutcomeRecorder({
        contacts: contactCallOutcomes(),
        leads: { callOutcomeIn: (...args) => autodialer().callOutcomeIn(...args) },
      }),
      // The default script and the agents: `assistant` is built below.
      assistant: {
        view: (...args) => assistant.view(...args),
        script: (...args) => assistant.script(...args),
        recordTurn: (...args) => assistant.recordTurn(...args),
        callEnded: (...args) => assistant.callEnded(...args),
      },
      log,
      ...clock,
    }),
    usage,
  );
  const calendar = calendarService({ settings, appointments, accounts: directory, ...clock });
  // Scripts, agents and their routing, telecom agents, the conversation preview and agent tests
  //. A template's test cases become agent tests in the script's transaction.
  const scripts = scriptService({
    db,
    access,
    testCases: { addFromTemplateIn: (...args) => agentTests.addFromTemplateIn(...args) },
  });
  const agents = agentService({ db, access, calls });
  const telecomAgents = telecomAgentService({ db });
  const conversationDeps: ConversationDeps = {
    settings,
    scripts,
    agents,
    busyIntervals: (workspaceId, from, to) =>
      appointments
        .enginePorts(db, workspaceId, { id: "", callerName: null, phoneNumber: "" })
        .ports.busyIntervals(from, to),
    understand,
    conversationModel,
    ...clock,
  };
  const conversation = conversationService(conversationDeps);
  const agentTests = agentTestService({ db, agents, conversation: () => conversationDeps });
  // What the call's turn flow asks of the default script and the agents (ports; see call-assistant.ts).
  const assistant = callAssistant({ scripts, agents });
  const voiceProviders = createVoiceProviders(config);
  const voice = voiceService({
    db,
    dataDir: config.dataDir,
    providers: voiceProviders,
    log,
    appSecret: resolveAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir, env: config.env }),
    ...clock,
  });
  let dialerRuntimeBuilt: DialerRuntime | undefined;
  const autodialer = (): DialerRuntime => {
    if (!dialerRuntimeBuilt) throw new Error("the dialer's runtime is used before it is built");
    return dialerRuntimeBuilt;
  };
  const telephony = telephonyService({
    db,
    config,
    calls,
    events,
    usage,
    log,
    accounts: directory,
    voices: voice,
    settings,
    doNotCall,
    appSecret: resolveAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir, env: config.env }),
    deliver: input.deliver,
    fetchAudio: input.fetchAudio,
    simulatorVoice:
      input.simulatorVoice ??
      (async (text) => (await voiceProviders.stock.speak(nearestStockVoice(null), text)).audio),
    // The autodialer's runtime (built below) answers and ends the calls it placed.
    dialer: {
      answered: (...args) => autodialer().answered(...args),
      ended: (...args) => autodialer().ended(...args),
    },
    platform: { settings: platformSettings },
    // The dial gate checks a contact's recorded zone with the number's, and asks the dialer
    // (built below) whether consent to AI-voice calls is on file for a number.
    callees: contacts,
    // Consent on file: a contact's, or an autodialer lead's.
    aiVoiceConsent: {
      hasConsent: async (workspaceId, e164) =>
        (await contacts.hasAiVoiceConsent(workspaceId, e164)) ||
        (await dialer.hasAiVoiceConsent(workspaceId, e164)),
    },
    ...clock,
  });
  const contactDial = contactDialer({ contacts, telephony });
  // Satellite-internet sales: packages sold through billing's checkout, whose paid
  // event books the installation (appointments) and notes the order on the contact.
  const satellite = satelliteService({
    db,
    appointments,
    contacts,
    scripts,
    agents,
    dialer: contactDial,
    ...clock,
  });
  billing.sellProducts(satellite.seller);
  const voiceCalls = voiceCallService({
    calls,
    telephony,
    // The demo's replies play in the workspace's voice, from the same audio the phone plays.
    replies: voice,
    usage,
    simulatorTimeScale: config.telephony.simulatorTimeScale,
    platformCeiling: async () => (await platformSettings()).maxConcurrentCalls,
    ...clock,
  });
  // Background work (server/jobs): one queue on the app's own database. Its clock is the wall
  // clock, never a test's: leases and schedules are real time.
  const jobs = createJobQueue(database, {
    log,
    onProgress: (event) => {
      if (!event.workspaceId) return;
      const { jobId, kind, status, progress } = event;
      events.publish(event.workspaceId, { type: "job", jobId, kind, status, progress });
    },
  });
  const bulkCall = defineBulkCall(jobs, { accounts: directory, telephony, doNotCall });
  // The embedded database has no autovacuum: its contacts table is vacuumed by a job.
  const contactsVacuum = database.engine === "pglite" ? defineContactsVacuum(jobs, { contacts }) : null;
  if (input.schedules !== false) scheduleHousekeeping(jobs, { auth, calls, telephony, contactsVacuum });
  // The administrator's call time limit, swept every minute (tests run it by hand).
  const endOverdueCalls = async () => calls.endOverdueCalls((await platformSettings()).defaultCallTimeout);
  if (input.schedules !== false) scheduleCallTimeout(jobs, { endOverdueCalls });
  const aiStudioArea = aiStudioService({
    db,
    access,
    log,
    dataDir: config.dataDir,
    understand,
    settings,
    appointments,
    calls,
    contacts,
    doNotCall,
    voice,
    speech: voiceProviders.stock,
    accounts: directory,
    // Queued in the ending call's transaction: the rules run only for a call that was stored.
    queueAutomation: async (tx, workspaceId, callId) => {
      const key = `automation:${callId}`;
      await jobs.send(callAutomation, { callId }, { workspaceId, idempotencyKey: key, tx });
    },
    ...clock,
  });
  studio = aiStudioArea;
  const callAutomation = defineCallAutomation(jobs, { studio: aiStudioArea });
  // The business phone system: numbers, extensions, hours, routing, voicemail and
  // click-to-call on our telephony; a voicemail is transcribed in a job.
  const voicemailTranscription = defineVoicemailTranscription(jobs, {
    accounts: directory,
    voicemails: () => voicemails,
  });
  const voicemails = voicemailBox({
    db,
    telephony,
    dataDir: config.dataDir,
    speech: transcriptionSwitch(speech, platformConfig.reader),
    events,
    queueTranscription: async (workspaceId, voicemailId) => {
      await jobs.send(
        voicemailTranscription,
        { voicemailId },
        { workspaceId, idempotencyKey: `voicemail:${voicemailId}` },
      );
    },
  });
  const phoneSystem = phoneSystemService({
    db,
    telephony,
    agents,
    contacts,
    accounts: directory,
    voicemails,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    reachableFromOutside: Boolean(config.publicUrl),
    ...clock,
  });
  // CSV imports of contacts: small files in the request, large ones as a contacts.import job.
  const contactImports = contactImportService({
    db,
    engine: database.engine,
    // Only one server opens an embedded database: a queued upload waits in DATA_DIR there.
    filesDir: database.engine === "pglite" ? path.join(config.dataDir, "imports") : null,
    accounts: directory,
    jobState: (workspaceId, jobId) => jobs.get(workspaceId, jobId),
    queueImport: (workspaceId, importId) =>
      jobs.send(contactsImport, { importId }, { workspaceId, idempotencyKey: `contacts-import:${importId}` }),
    afterLargeImport: contactsVacuum
      ? (importId) =>
          jobs.send(contactsVacuum, {}, { workspaceId: null, idempotencyKey: `vacuum:${importId}` })
      : undefined,
    ...clock,
  });
  const contactsImport = defineContactsImport(jobs, { imports: contactImports });
  // Saved segments (named filters and lists) and bulk work on the contacts screens' selections:
  // small ones in the request, large ones as a contacts.bulk job; "add to campaign" goes
  // through the dialer (built below).
  const segments = segmentService({ db });
  const contactsBulkJob = defineContactsBulk(jobs, { bulk: () => contactBulk });
  const contactBulk = contactBulkService({
    db,
    engine: database.engine,
    segments,
    campaigns: () => dialer,
    exportContacts: contacts.exportContacts,
    accounts: directory,
    queueJob: (tx, workspaceId, bulkId, phase, key) =>
      jobs.send(
        contactsBulkJob,
        { bulkId, phase },
        // Queued in the transaction that writes the action: neither exists without the other.
        { workspaceId, idempotencyKey: key, tx },
      ),
    jobState: (workspaceId, jobId) => jobs.get(workspaceId, jobId),
    ...clock,
  });
  const business = businessService({
    queueBulkCall: (workspaceId, payload, idempotencyKey) =>
      jobs.send(bulkCall, payload, { workspaceId, idempotencyKey }),
  });
  const health = healthService({ config, database, speech, telephony });
  // Lead generation: business search, leads saved as contacts, campaigns that run on
  // a schedule through the jobs queue (a sweep every minute queues the due ones).
  const leadCampaigns = defineLeadCampaigns(jobs, { leads: () => leads, accounts: directory });
  const leads = leadGenerationService({
    db,
    provider: createLeadSearchProvider(config),
    contacts,
    queueRun: async (workspaceId, campaignId, dueAt) => {
      await queueLeadCampaignRun(jobs, leadCampaigns.run, workspaceId, campaignId, dueAt);
    },
    dealerSpacingMs: config.leadSearch.dealerSpacingMs,
    ...clock,
  });
  if (input.schedules !== false) jobs.schedule(leadCampaigns.sweep, "* * * * *", {});
  // The email wizard: a configured language model writes, else the local writer.
  const emailWizard = emailWizardService({ writer: createEmailWriter(config), log, ...clock });
  // Email marketing: templates, the audience from contacts, campaigns sent by a job
  // through the mail transport (SMTP_URL, or .eml files in DATA_DIR/outbox).
  const emailCampaign = defineEmailCampaign(jobs, { email: () => email });
  const emailRetrySweep = defineEmailRetrySweep(jobs, { email: () => email });
  if (input.schedules !== false) jobs.schedule(emailRetrySweep, "* * * * *", {});
  const email = emailService({
    db,
    audience: emailAudience(db, segments),
    transport: mailTransport,
    tokens: unsubscribeTokens(
      resolveAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir, env: config.env }),
    ),
    baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    dataDir: config.dataDir,
    mailFrom: config.mail.from,
    queueCampaign: (workspaceId, campaignId, run, key) =>
      jobs.send(emailCampaign, { campaignId, run }, { workspaceId, idempotencyKey: key }),
    ...clock,
  });
  // Enterprise calling: the dashboard reads calls and appointments, bulk calls
  // through the business area's job, and starts campaigns through the dialer.
  // The autodialer: campaigns, leads, agents and the console; its runtime ticks on the
  // jobs queue through dialer.dialPort. Every member can be an agent; AI agents can staff it.
  const dialer = dialerService({
    db,
    contacts,
    doNotCall,
    members: async (account) =>
      (await team().team(account)).members.map((member) => ({
        userId: member.userId,
        name: member.fullName || member.username,
        joinedAt: new Date(member.joinedAt),
      })),
    aiAgentIds: async (account) => new Set((await agents.listAgents(account)).rows.map((agent) => agent.id)),
    hangUp: async (account, callId) => {
      const call = await calls.get(account, callId).catch(() => null);
      if (call?.isActive) await calls.patch(account, callId, { isActive: false });
    },
    dialGate: { check: telephony.checkDial },
    // The agent desktop: a campaign's script, a call's words, the live events, the softphone.
    scripts: {
      find: async (account, id) => {
        const row = await scripts.get(account, id).catch(() => null);
        return row
          ? {
              id: row.id,
              name: row.name,
              openingMessage: row.openingMessage,
              conversationFlow: row.conversationFlow,
            }
          : null;
      },
    },
    callWords: {
      read: async (account, callId) => {
        const call = await calls.get(account, callId).catch(() => null);
        return call
          ? {
              lines: call.transcript.split("\n").filter(Boolean),
              isActive: call.isActive,
              simulated: call.simulated,
            }
          : null;
      },
      append: (account, callId, lines) => calls.appendTranscript(account, callId, lines),
    },
    pastCalls: { recent: (account, person, limit) => calls.recentCalls(account, person, limit) },
    events,
    softphone: {
      carrierFor: (account) => telephony.conferenceCarrier(account),
      secrets: secretBox(
        resolveAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir, env: config.env }),
        "softphone-api-key",
      ),
      baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      holdMusicUrl: config.telephony.holdMusicUrl,
      proveWebhook: (request, workspaceId) => telephony.proveLineWebhook(request, workspaceId, "twilio"),
    },
    ...clock,
  });
  const enterprise = enterpriseService({ db, calls, appointments, business, campaigns: dialer, ...clock });
  // Platform administration: suspensions end sessions through auth (announced on the bus);
  // a deletion runs through teams and auth in one transaction.
  const callsReport = adminCallsReport(db);
  const admin = adminService({
    repo: adminRepo,
    reports: adminReports(db),
    endAllSessions: (userId) => auth.endOtherSessions(userId, ""),
    callsReport,
    deleteAccount: accountDeletion({
      db,
      auth,
      workspaces: team(),
      callsReport,
      removeWorkspaceFiles: workspaceFiles(config.dataDir),
      log,
    }),
    activeAdminCountIn: (tx) => adminReports(tx).activeAdminCount(),
    plans: billing,
    enquiries: { setStatus: enterprise.setEnquiryStatus },
    accounts: auth,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    errors: errorRateMeter(input.now),
    ...clock,
  });
  // Backups, exports and quick actions; backups on the jobs queue by the
  // stored backupFrequency (an hourly tick decides), the newest scheduled ones kept.
  const adminBackups = backupService({
    database,
    dataDir: config.dataDir,
    appVersion: config.version,
    readConfig: adminRepo.readConfig,
    ...clock,
  });
  if (input.schedules !== false) scheduleAdminBackups(jobs, { backups: adminBackups });
  // The Terms kept (features/retention): recordings and voicemail audio past their period, and
  // the data of workspaces whose subscription ended, owners warned first; a job each, hourly.
  const retention = retentionService({
    db,
    calls,
    carrier: telephony,
    voicemails,
    billing,
    holds: admin,
    owners: team(),
    notices: accountMessages,
    deleteWorkspace: workspaceDeletion({
      db,
      auth,
      workspaces: team(),
      removeWorkspaceFiles: workspaceFiles(config.dataDir),
      log,
    }),
    bulkRows: [contacts.purgeSome, calls.purgeSome],
    filesOutsideFolders: [contactImports.discardUploadsOf],
    // A statement on the embedded database holds the event loop: its pieces stay under 100 ms.
    pieceRows: database.engine === "pglite" ? 250 : 5_000,
    log,
    ...clock,
  });
  const retentionJobs = defineRetention(jobs, { retention });
  if (input.schedules !== false) scheduleRetention(jobs, retentionJobs);
  const adminSystem = {
    backups: adminBackups,
    exports: adminExports({ db, ...clock }),
    quickActions: quickActionService({ db, access, sessionIdleMs: config.sessionIdleMs, ...clock }),
    audit: adminRepo.record,
  };
  // The dialer's runtime: a tick on the jobs queue paces, claims and dials through
  // telephony; telephony's webhooks reach it when its calls are answered and end.
  const autodialerRuntime = dialerRuntime({
    db,
    attempts: dialer.dialPort,
    accounts: directory,
    telephony,
    calls,
    doNotCall,
    events,
    holdMusicUrl: config.telephony.holdMusicUrl,
    repPhone: (account, userId) => team().memberCellphone(account, userId),
    softphone: dialer.softphone,
    repConnected: dialer.repConnected,
    singleProcess: database.engine === "pglite",
    unknownZoneAssumed: config.telephony.unknownZoneAssumed,
    log,
    ...clock,
  });
  dialerRuntimeBuilt = autodialerRuntime;
  if (input.schedules !== false) scheduleDialerTick(jobs, { runtime: autodialerRuntime });
  return {
    config,
    database,
    events,
    access,
    speech,
    auth,
    users,
    workspaces: teams,
    directory,
    settings,
    billing,
    usage,
    appointments,
    calendar,
    calls,
    contacts,
    contactImports,
    contactBulk,
    segments,
    doNotCall,
    contactDial,
    satellite,
    phoneSystem,
    voice,
    telephony,
    voiceCalls,
    business,
    enterprise,
    admin,
    adminSystem,
    platformConfig,
    endOverdueCalls,
    dialer,
    dialerRuntime: autodialerRuntime,
    health,
    leads,
    jobs,
    studio: aiStudioArea,
    scripts,
    agents,
    telecomAgents,
    conversation,
    agentTests,
    assistant,
    emailWizard,
    email,
    mailTransport,
    retention,
    retentionJobs,
    // What the areas built after these take from them (features/areas.ts).
    log,
    schedules: input.schedules !== false,
    counters,
    accountMessages,
    auditLog: adminRepo.record,
    now: input.now ?? (() => new Date()),
  };
}

/**
 * The services, then the areas declared with a service of their own (features/areas.ts), each
 * built from the core's.
 */
export function composeServices(input: CompositionInput): Services {
  const core = composeCore(input);
  const areas = (input.areas ?? AREAS).map((area) => area.build(core));
  return { ...core, areas };
}

/** The services the composition builds itself, which every area's module can use. */
export type CoreServices = ReturnType<typeof composeCore>;
export type Services = CoreServices & { areas: BuiltArea[] };
