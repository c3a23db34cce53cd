import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { AccountLoader } from "../../domain/account";
import type { AccessChanges } from "../../events/access";
import type { StockSpeech } from "../../providers/voice";
import type { AiSettingsService } from "../ai-settings/service";
import type { AppointmentService } from "../appointments/service";
import type { CallService, Understand } from "../calls/service";
import type { DoNotCallService } from "../contacts/do-not-call";
import type { ContactService } from "../contacts/service";
import type { VoiceService } from "../voice/service";
import { type PreparedFlow, prepareFlow } from "./flows";
import { type AiStudioRepository, aiStudioRepository } from "./repository";

export type AiStudioDeps = {
  db: Db;
  /** Flows and rules are cached per workspace; a change is announced so every server drops its copy. */
  access: AccessChanges;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  dataDir: string;
  now?: () => Date;
  /** The assistant's understanding of a caller's words (the local AI, or the language model). */
  understand: Understand;
  settings: Pick<AiSettingsService, "row">;
  appointments: Pick<AppointmentService, "enginePorts">;
  calls: Pick<CallService, "get" | "flag" | "performance">;
  contacts: Pick<ContactService, "list" | "update" | "normalize">;
  doNotCall: Pick<DoNotCallService, "add">;
  voice: Pick<VoiceService, "list" | "create" | "activate" | "remove">;
  /** The local text-to-speech (espeak-ng) that speaks generated samples. */
  speech: StockSpeech;
  /** The workspace as an Account, for rules run by a background job. */
  accounts: AccountLoader;
  /** Queues the automation job for an ended call inside the call's transaction. */
  queueAutomation: (tx: Db, workspaceId: string, callId: string) => Promise<void>;
};

/** What a call's turn and ending read of a workspace's studio, kept briefly in memory. */
type Cached = { flows: PreparedFlow[]; hasActiveRules: boolean; until: number };

/** How long a workspace's flows are reused without a query (a change drops them at once). */
const CACHE_MS = 10_000;
const MAX_CACHED = 10_000;

export type AiStudioContext = Omit<AiStudioDeps, "now"> & {
  now: () => Date;
  repo: AiStudioRepository;
  /** The workspace's active flows and whether it has active rules, read with `db` on a miss. */
  live(db: Db, workspaceId: string): Promise<Cached>;
  /** The same when in memory and fresh; undefined otherwise (nothing is read). */
  cached(workspaceId: string): Cached | undefined;
  /** Tells every server the workspace's flows or rules changed. */
  changed(workspaceId: string): void;
};

export function aiStudioContext(deps: AiStudioDeps): AiStudioContext {
  const cached = new Map<string, Cached>();
  // Flows answer caller turns, which read nothing they need not (two round trips): a change
  // is announced as the assistant's settings changing, which every server's caches drop.
  deps.access.onChange((change) => {
    if (!change.workspaceId) cached.clear();
    else if (change.settings) cached.delete(change.workspaceId);
  });

  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    repo: aiStudioRepository(deps.db),
    cached(workspaceId) {
      const hit = cached.get(workspaceId);
      return hit && hit.until > Date.now() ? hit : undefined;
    },
    async live(db, workspaceId) {
      const hit = cached.get(workspaceId);
      if (hit && hit.until > Date.now()) return hit;
      // Inside a caller's transaction `db` is that transaction: on the embedded database it
      // holds the one connection, so the app's own handle would wait for it forever.
      const repo = aiStudioRepository(db);
      const flows = await repo.activeFlows(workspaceId);
      const rules = await repo.activeRules(workspaceId);
      const fresh = {
        flows: flows.map(prepareFlow),
        hasActiveRules: rules.length > 0,
        until: Date.now() + CACHE_MS,
      };
      if (cached.size >= MAX_CACHED) cached.clear();
      cached.set(workspaceId, fresh);
      return fresh;
    },
    changed(workspaceId) {
      deps.access.changed({ workspaceId, settings: true });
    },
  };
}
