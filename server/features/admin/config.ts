import { DEFAULT_SYSTEM_CONFIG, SystemConfig, type SystemConfigUpdate } from "../../../common/admin";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { adminRepository } from "./repository";
import type { AdminActor } from "./service";

/**
 * The platform's configuration (System config, defaults): one row
 * in platform_config, read by every running server through a small cache. A server sees another
 * server's change within CONFIG_TTL_MS; the server that saved it sees it at once (invalidate).
 */
export const CONFIG_TTL_MS = 3_000;

const KEYS = Object.keys(SystemConfig.shape) as (keyof SystemConfig)[];

/**
 * The stored (possibly partial, possibly older) row laid over the defaults, field by field: a
 * field missing or no longer valid is the default, so a bad row never stops the platform.
 */
export function effectiveConfig(stored: Partial<SystemConfig> | undefined): SystemConfig {
  const config: Record<string, unknown> = { ...DEFAULT_SYSTEM_CONFIG };
  for (const key of KEYS) {
    const parsed = SystemConfig.shape[key].safeParse(stored?.[key]);
    if (parsed.success) config[key] = parsed.data;
  }
  return config as SystemConfig;
}

export type PlatformConfigReader = {
  /** The configuration as of at most CONFIG_TTL_MS ago (one read in flight at a time). */
  get(): Promise<SystemConfig>;
  /** Read from the database now (the admin screen's GET). */
  fresh(): Promise<SystemConfig>;
  /** Forget the cached copy: the next get() reads the database. */
  invalidate(): void;
};

export function platformConfigReader(deps: {
  read: () => Promise<Partial<SystemConfig> | undefined>;
  ttlMs?: number;
  /** Monotonic milliseconds (tests pass their own). */
  clock?: () => number;
}): PlatformConfigReader {
  const ttl = deps.ttlMs ?? CONFIG_TTL_MS;
  const clock = deps.clock ?? (() => performance.now());
  let cached: { config: SystemConfig; at: number } | undefined;
  let inFlight: Promise<SystemConfig> | undefined;
  let generation = 0;

  function load(): Promise<SystemConfig> {
    if (inFlight) return inFlight;
    const started = generation;
    const at = clock();
    const reading = deps
      .read()
      .then((stored) => {
        const config = effectiveConfig(stored);
        // A save on this server while the read was out: that read is already stale.
        if (started === generation) cached = { config, at };
        return config;
      })
      .catch((error: unknown) => {
        // The database did not answer: the last configuration known goes on serving.
        if (cached) return cached.config;
        throw error;
      })
      .finally(() => {
        if (inFlight === reading) inFlight = undefined;
      });
    inFlight = reading;
    return reading;
  }

  return {
    async get() {
      if (cached && clock() - cached.at < ttl) return cached.config;
      return load();
    },
    async fresh() {
      return effectiveConfig(await deps.read());
    },
    invalidate() {
      generation++;
      cached = undefined;
      inFlight = undefined;
    },
  };
}

/** What the changes were, field by field: { field: { from, to } } for the audit log. */
function changesBetween(before: SystemConfig, after: SystemConfig) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of KEYS) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/**
 * Reading and saving the configuration. A save is one transaction: the row is read under a
 * lock, the changed fields written, and the change audited (who, from where, old -> new); then
 * this server's cache is dropped so the setting takes effect here at once.
 */
export function platformConfigService(deps: { db: Db; reader: PlatformConfigReader }) {
  const { db, reader } = deps;
  return {
    reader,
    current: () => reader.fresh(),

    async update(actor: AdminActor, update: SystemConfigUpdate) {
      const result = await db.transaction(async (tx) => {
        const repo = adminRepository(tx);
        await advisoryLock(tx, "platformConfig");
        const before = effectiveConfig(await repo.readConfig());
        const given = Object.entries(update).filter(([, value]) => value !== undefined);
        const after: SystemConfig = { ...before, ...Object.fromEntries(given) };
        const changes = changesBetween(before, after);
        if (Object.keys(changes).length === 0) return { config: before, changes };
        await repo.writeConfig(after, actor.user.id);
        await repo.record({
          action: "config.changed",
          actorId: actor.user.id,
          actorName: actor.user.username,
          targetId: null,
          ip: actor.ip,
          details: { changes },
        });
        return { config: after, changes };
      });
      reader.invalidate();
      return result;
    },
  };
}

export type PlatformConfigService = ReturnType<typeof platformConfigService>;
