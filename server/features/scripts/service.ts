import type { ScriptFields, ScriptUpdate } from "../../../common/scripts";
import {
  MAX_SCRIPTS,
  SCRIPT_LIMIT_MESSAGE,
  SCRIPT_NOT_FOUND,
  TEMPLATE_NOT_FOUND,
} from "../../../common/scripts";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, NotFound } from "../../domain/errors";
import type { AccessChanges } from "../../events/access";
import { refreshingCache } from "./cache";
import { type NewScript, type ScriptPatch, type ScriptRow, scriptRepository } from "./repository";
import { type CatalogueTemplate, findTemplate, TEMPLATES, type TemplateTestCase } from "./templates";

export type { ScriptRow };

/** How long a workspace's default script is reused without a query (a change drops it at once). */
const CACHE_MS = 10_000;
const MAX_CACHED = 10_000;

/** What the assistant needs of the workspace's default script on a call (null: none, or switched off). */
export type ScriptForCall = Pick<
  ScriptRow,
  | "id"
  | "name"
  | "scriptType"
  | "openingMessage"
  | "conversationFlow"
  | "businessRules"
  | "transferRules"
  | "appointmentSettings"
  | "voiceSettings"
  | "personalityTraits"
>;

/** The script each direction of call uses. */
export type CallScripts = { inbound: ScriptForCall | null; outbound: ScriptForCall | null };

/** Which kinds of script suit a call: an appointment script serves both directions. */
const SUITS: Record<"inbound" | "outbound", readonly string[]> = {
  inbound: ["inbound", "support", "appointment"],
  outbound: ["outbound", "sales", "appointment"],
};

/**
 * The script for each direction: the default script when its kind suits the direction, else the
 * newest switched-on script of a kind that does, else the default whatever its kind, else none
 * (the assistant's settings apply). `active` comes default first, then newest first.
 */
export function scriptsByDirection(active: readonly (ScriptForCall & { isDefault: boolean })[]): CallScripts {
  const fallback = active[0]?.isDefault ? active[0] : null;
  const pick = (direction: "inbound" | "outbound") =>
    active.find((script) => SUITS[direction].includes(script.scriptType)) ?? fallback;
  return { inbound: pick("inbound"), outbound: pick("outbound") };
}

export type ScriptServiceDeps = {
  db: Db;
  /** The default script is cached per workspace; a change is announced so every server drops it. */
  access: AccessChanges;
  /** A template's test cases become the workspace's agent tests, in the same transaction. */
  testCases: {
    addFromTemplateIn(
      tx: Db,
      workspaceId: string,
      cases: readonly TemplateTestCase[],
      origin: { scriptId: string; templateId: string },
    ): Promise<number>;
  };
};

type Parsed<T> = { [K in keyof T]?: Exclude<T[K], undefined> };
type ParsedUpdate = Parsed<Omit<ScriptFields, "userId">> & { userId?: unknown; id?: unknown };

const scriptNotFound = () => new NotFound(SCRIPT_NOT_FOUND);

/**
 * AI agent scripts: CRUD per workspace, the template catalogue and its usage,
 * and the one default script that drives the workspace's calls (`forCall`).
 */
export function scriptService({ db, access, testCases }: ScriptServiceDeps) {
  const repo = scriptRepository(db);
  // The default script every call reads: kept briefly, reloaded in the background, dropped on change.
  const cached = refreshingCache<CallScripts>(
    async (workspaceId) => scriptsByDirection(await repo.activeScripts(workspaceId)),
    CACHE_MS,
    MAX_CACHED,
  );
  access.onChange((change) => {
    if (!change.workspaceId) cached.clear();
    else if (change.settings) cached.drop(change.workspaceId);
  });
  const changed = (workspaceId: string) => access.changed({ workspaceId, settings: true });

  const inTransaction = <T>(work: (tx: Db) => Promise<T>) => db.transaction(work);

  /** Inserts a script; a default one first unsets the workspace's previous default. */
  async function insertIn(tx: Db, workspaceId: string, fields: NewScript): Promise<ScriptRow> {
    const scripts = scriptRepository(tx);
    await scripts.lockWorkspace(workspaceId);
    if ((await scripts.count(workspaceId)) >= MAX_SCRIPTS) throw new Conflict(SCRIPT_LIMIT_MESSAGE);
    if (fields.isDefault) await scripts.unsetDefault(workspaceId);
    return scripts.insert(workspaceId, fields);
  }

  function newScript(account: Account, fields: ScriptFields, templateId: string | null): NewScript {
    const { userId: _ignored, ...rest } = fields;
    return { ...rest, templateId, createdBy: account.actor?.id ?? null };
  }

  return {
    async list(account: Account): Promise<ScriptRow[]> {
      return repo.list(account.id);
    },

    async get(account: Account, id: string): Promise<ScriptRow> {
      const row = await repo.get(account.id, id);
      if (!row) throw scriptNotFound();
      return row;
    },

    async create(account: Account, fields: ScriptFields): Promise<ScriptRow> {
      const row = await inTransaction((tx) => insertIn(tx, account.id, newScript(account, fields, null)));
      changed(account.id);
      return row;
    },

    /** The fields sent change; making it the default unsets the previous one in the same transaction. */
    async update(account: Account, id: string, body: ParsedUpdate | ScriptUpdate): Promise<ScriptRow> {
      const { userId: _user, id: _id, ...fields } = body as ParsedUpdate;
      const patch = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as ScriptPatch;
      const row = await inTransaction(async (tx) => {
        const scripts = scriptRepository(tx);
        await scripts.lockWorkspace(account.id);
        if (patch.isDefault) await scripts.unsetDefault(account.id, id);
        return scripts.update(account.id, id, patch);
      });
      if (!row) throw scriptNotFound();
      changed(account.id);
      return row;
    },

    /** Deleting the default script leaves the workspace without one: calls greet with the settings' greeting again. */
    async remove(account: Account, id: string): Promise<ScriptRow> {
      const row = await repo.remove(account.id, id);
      if (!row) throw scriptNotFound();
      changed(account.id);
      return row;
    },

    async templates(): Promise<{ template: CatalogueTemplate; usageCount: number }[]> {
      const counts = await repo.usageCounts();
      return TEMPLATES.map((template) => ({ template, usageCount: counts.get(template.id) ?? 0 }));
    },

    /**
     * A new script from a catalogue template (its name unless one is given), the template's use
     * counted, and its test cases added to the workspace's agent tests: all in one transaction.
     * `isActive: false` keeps it out of the workspace's own calls (a call placed with it by id
     * still follows it).
     */
    async fromTemplate(
      account: Account,
      templateId: string,
      options: { name?: string | undefined; isDefault?: boolean | undefined; isActive?: boolean | undefined },
    ): Promise<{ row: ScriptRow; testCasesAdded: number }> {
      const template = findTemplate(templateId);
      if (!template) throw new NotFound(TEMPLATE_NOT_FOUND);
      const data = template.templateData;
      const result = await inTransaction(async (tx) => {
        const row = await insertIn(tx, account.id, {
          name: options.name ?? template.name,
          description: template.description,
          scriptType: data.scriptType,
          openingMessage: data.openingMessage,
          conversationFlow: [...data.conversationFlow],
          businessRules: [...data.businessRules],
          transferRules: { ...data.transferRules, keywords: [...data.transferRules.keywords] },
          appointmentSettings: { ...data.appointmentSettings },
          voiceSettings: { ...data.voiceSettings },
          personalityTraits: { ...data.personalityTraits },
          isActive: options.isActive ?? true,
          isDefault: options.isDefault ?? false,
          templateId: template.id,
          createdBy: account.actor?.id ?? null,
        });
        await scriptRepository(tx).countUse(template.id);
        const testCasesAdded = await testCases.addFromTemplateIn(tx, account.id, template.testCases, {
          scriptId: row.id,
          templateId: template.id,
        });
        return { row, testCasesAdded };
      });
      changed(account.id);
      return result;
    },

    /**
     * The workspace's default script as a call uses it (cached briefly; any change drops it):
     * null when there is none or it is switched off, and the assistant's settings apply.
     */
    async forCall(workspaceId: string): Promise<ScriptForCall | null> {
      return (await cached.get(workspaceId)).inbound;
    },

    /** The script an inbound and an outbound call use (cached like forCall). */
    callScripts(workspaceId: string): Promise<CallScripts> {
      return cached.get(workspaceId);
    },

    /** A script of the workspace by id, active or not (the conversation test may name one). */
    async byId(workspaceId: string, id: string): Promise<ScriptForCall | undefined> {
      return repo.get(workspaceId, id);
    },
  };
}

export type ScriptService = ReturnType<typeof scriptService>;
