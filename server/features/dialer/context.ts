import { TZDate } from "@date-fns/tz";
import { ENTERPRISE_PLANS, planFor, UNLIMITED } from "../../../common/plans";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import type { EventBus } from "../../events/bus";
import type { ConferenceCarrier } from "../../providers/telephony/twilio-conference";
import type { DoNotCallService } from "../contacts/do-not-call";
import type { ContactService } from "../contacts/service";
import type { WebhookRequest } from "../telephony/context";
import type { OutboundCallee } from "../telephony/outbound-gate";
import { dialerRepository } from "./repository";

/** A workspace member as the dialer shows them (an agent of the dialer). */
export type DialerMember = { userId: string; name: string; joinedAt: Date };

/**
 * What the dialer's modules share: its repository, the clock, and the other areas it
 * uses through their services, built in the composition root.
 * - contacts: the lead manager's contacts (import-leads) and the workspace's phone reading;
 * - doNotCall: the workspace's do-not-call list (leads on it are never dialled);
 * - members: the workspace's people (every member can take calls on the agent console);
 * - aiAgentIds: the workspace's AI agents (the agents issue), which may staff a campaign;
 * - hangUp: ends a call still live (the calls area: the carrier hangs up), when a rep ends it;
 * - dialGate: telephony's dial gate, asked before an agent's dial is queued (throws DialRefused).
 */
export type DialerDeps = {
  db: Db;
  contacts: Pick<ContactService, "get" | "list" | "normalize">;
  doNotCall: Pick<DoNotCallService, "listedAmong" | "add">;
  members: (account: Account) => Promise<DialerMember[]>;
  aiAgentIds: (account: Account) => Promise<Set<string>>;
  hangUp?: ((account: Account, callId: string) => Promise<void>) | undefined;
  dialGate: { check(account: Account, e164: string, callee: OutboundCallee): Promise<void> };
  now?: (() => Date) | undefined;
  /** The workspace's scripts (the scripts area's): the one a campaign shows its reps. */
  scripts?:
    | {
        find(
          account: Account,
          id: string,
        ): Promise<{ id: string; name: string; openingMessage: string; conversationFlow: string[] } | null>;
      }
    | undefined;
  /** A call's words (the calls area's record): read for the console, written as the rep and callee talk. */
  callWords?:
    | {
        read(
          account: Account,
          callId: string,
        ): Promise<{ lines: string[]; isActive: boolean; simulated?: boolean } | null>;
        append(account: Account, callId: string, lines: string[]): Promise<void>;
      }
    | undefined;
  /**
   * A person's last calls (the calls area's record), by their contact and number, the
   * workspace's only: the agent desktop's contact card lists them.
   */
  pastCalls?:
    | {
        recent(
          account: Account,
          person: { contactId: string | null; phoneE164: string },
          limit: number,
        ): Promise<
          {
            id: string;
            createdAt: Date;
            direction: string;
            status: string;
            disposition: string | null;
            duration: number;
          }[]
        >;
      }
    | undefined;
  /** The live events (/api/events): the console hears each line as it is said. */
  events?: Pick<EventBus, "publish"> | undefined;
  /** The browser softphone over the workspace's Twilio account (telephony's), and its secrets. */
  softphone?: SoftphoneDeps | undefined;
  /** How long the simulated callee takes to answer the rep (tests shorten it). */
  calleeDelayMs?: number | undefined;
};

export type SoftphoneDeps = {
  carrierFor(account: Account): Promise<{ carrier: ConferenceCarrier; phoneNumber: string | null } | null>;
  /** Seals and opens the API key's secret at rest. */
  secrets: { seal(plaintext: string): string; open(sealed: string): string };
  /** The app's public address (the TwiML app's voice URL). */
  baseUrl: string;
  holdMusicUrl: string;
  /**
   * Proves a webhook from the workspace's Twilio account (X-Twilio-Signature); refuses
   * (NotAllowed) otherwise.
   */
  proveWebhook(request: WebhookRequest, workspaceId: string): Promise<void>;
};

export function dialerContext(deps: DialerDeps) {
  return {
    ...deps,
    repo: dialerRepository(deps.db),
    now: deps.now ?? (() => new Date()),
    /** Runs work in one transaction with a repository bound to it. */
    inTransaction<T>(work: (repo: ReturnType<typeof dialerRepository>, tx: Db) => Promise<T>): Promise<T> {
      return deps.db.transaction((tx) => work(dialerRepository(tx), tx));
    },
  };
}

export type DialerContext = ReturnType<typeof dialerContext>;

/** Midnight of `at`'s day in the workspace's time zone: where "today" starts for the figures. */
export function startOfDay(at: Date, timeZone: string): Date {
  const z = new TZDate(at.getTime(), timeZone);
  return new Date(new TZDate(z.getFullYear(), z.getMonth(), z.getDate(), 0, 0, timeZone).getTime());
}

/**
 * The lines a workspace's plan lets it dial at once, or null for no limit: an enterprise plan's
 * concurrent calls (Starter 100, Pro 500, Scale 1000, Ultimate unlimited), else the
 * subscription plan's calls at the same time (common/plans.ts).
 */
export function planLineLimit(planType: string): { planName: string; limit: number | null } {
  const enterprise = ENTERPRISE_PLANS.find((plan) => plan.id === planType);
  if (enterprise)
    return {
      planName: `Enterprise ${enterprise.name}`,
      limit: enterprise.concurrentCalls === UNLIMITED ? null : enterprise.concurrentCalls,
    };
  const plan = planFor(planType);
  return { planName: plan.name, limit: plan.concurrentCalls === UNLIMITED ? null : plan.concurrentCalls };
}

/** One decimal, as every percentage the dialer answers. */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** part / whole as a percentage with one decimal; 0 when the whole is 0. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : oneDecimal((part / whole) * 100));
