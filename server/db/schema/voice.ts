import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** Voice_profiles, plus where the sample lives and the owner's recorded consent. */
export const voiceProfiles = pgTable(
  "voice_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Whose voice it is: the person who recorded the sample and gave consent. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The provider's voice id (a cloned voice), or "local-<id>" for the local text-to-speech. */
    voiceId: text("voice_id").notNull().unique(),
    voiceName: text("voice_name").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    quality: integer("quality").notNull().default(0),
    /** Seconds of recorded sample. */
    sampleDuration: integer("sample_duration").notNull().default(0),
    provider: text("provider").notNull().default("local"),
    /** The stock voice the local text-to-speech speaks with (espeak-ng voice name). */
    stockVoice: text("stock_voice"),
    /** The sample file under DATA_DIR (never in the database). */
    samplePath: text("sample_path"),
    sampleBytes: integer("sample_bytes").notNull().default(0),
    sampleMimeType: text("sample_mime_type"),
    sampleSha256: text("sample_sha256"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    consentText: text("consent_text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("voice_profiles_workspace_idx").on(table.workspaceId)],
);
