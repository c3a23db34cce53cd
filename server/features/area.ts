import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { CoreServices } from "../composition";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { SpeechToText } from "../providers/speech";
import type { PlatformConfigReader } from "./admin/config";

/** What an area's routes are given: every service built, and the server's own parts. */
export type AreaContext = {
  services: CoreServices;
  config: Config;
  database: Database;
  /** The configured speech recogniser (null: none), as the composition received it. */
  speech: SpeechToText | null;
  /** The administrator's platform settings every request meets. */
  platform: PlatformConfigReader;
};

/**
 * One area of the product, declared in its folder's module.ts: its name (the folder), the tables
 * only its repositories touch, and its routes. An area added after the core ones also builds
 * its own service from theirs (`build`), so adding it is its folder and one line in areas.ts.
 */
export type AreaSpec<Service> = {
  name: string;
  /** The tables it owns, by their Drizzle names: `{ calls, callCounts }`. */
  tables?: Record<string, PgTable>;
  build?: (core: CoreServices) => Service;
  routes?: (app: FastifyInstance, context: AreaContext, service: Service) => Promise<unknown>;
};

/** An area once its service is built: what app.ts registers. */
export type BuiltArea = {
  name: string;
  service: unknown;
  registerRoutes(app: FastifyInstance, context: AreaContext): Promise<void>;
};

export type Area = {
  name: string;
  tables: Record<string, PgTable>;
  build(core: CoreServices): BuiltArea;
};

export function defineArea<Service = undefined>(spec: AreaSpec<Service>): Area {
  return {
    name: spec.name,
    tables: spec.tables ?? {},
    build(core) {
      const service = spec.build ? spec.build(core) : (undefined as Service);
      return {
        name: spec.name,
        service,
        async registerRoutes(app, context) {
          await spec.routes?.(app, context, service);
        },
      };
    },
  };
}
