import type { SystemPart, SystemStatus } from "../../../common/http";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Account } from "../../domain/account";
import { describeSpeech, type SpeechToText } from "../../providers/speech";
import type { TelephonyService } from "../telephony/service";

export type HealthDeps = {
  config: Pick<Config, "llm" | "payments" | "speech">;
  database: Pick<Database, "ping" | "engine">;
  speech: SpeechToText | null;
  telephony: Pick<TelephonyService, "state">;
};

/**
 * What this server runs, part by part, for the dashboard's System Status: read from the
 * configuration and the live checks, never fixed text. Nothing here names a key, a URL or a
 * secret; the phone line is the signed-in account's own.
 */
export function healthService(deps: HealthDeps) {
  async function database(): Promise<SystemPart> {
    const ok = await deps.database.ping();
    const engine = deps.database.engine === "pglite" ? "Embedded PostgreSQL" : "PostgreSQL server";
    return {
      id: "database",
      label: "Database",
      state: ok ? "ok" : "error",
      detail: ok ? `${engine}, answering` : `${engine}, not answering`,
    };
  }

  function ai(): SystemPart {
    const { baseUrl, model } = deps.config.llm;
    return {
      id: "ai",
      label: "AI assistant",
      state: "ok",
      detail: baseUrl
        ? `Language model ${model}, with the built-in classifier when it is slow or down`
        : "Built-in classifier and replies, running on this server",
    };
  }

  /** The speech provider's own description, the one GET /api/speech/status gives the recording screens. */
  function speech(): SystemPart {
    const described = describeSpeech(deps.speech, deps.config.speech.timeoutMs);
    const state = described.accuracy === "good" ? "ok" : described.accuracy === "rough" ? "limited" : "off";
    return {
      id: "speech",
      label: "Speech recognition",
      state,
      detail: described.message.replace(/^Speech recognition: /, ""),
    };
  }

  async function telephony(account: Account): Promise<SystemPart> {
    const state = await deps.telephony.state(account);
    if (state.provider === "twilio" && state.twilio) {
      const number = state.twilio.phoneNumber ?? "no number chosen yet";
      const failing = state.twilio.status === "error";
      return {
        id: "telephony",
        label: "Phone service",
        state: failing ? "error" : "ok",
        detail: failing
          ? `Twilio (${number}): the last check was refused; test the connection in Settings`
          : `Twilio, ${number}`,
      };
    }
    return {
      id: "telephony",
      label: "Phone service",
      state: "limited",
      detail: `Built-in simulator (${state.simulatorNumber}): no real calls until Twilio is connected in Settings`,
    };
  }

  function payments(): SystemPart {
    switch (deps.config.payments.provider) {
      case "stripe":
        return { id: "payments", label: "Payments", state: "ok", detail: "Stripe card payments" };
      case "local":
        return {
          id: "payments",
          label: "Payments",
          state: "limited",
          detail: "Test checkout: plans change, no card is charged",
        };
      case "none":
        return {
          id: "payments",
          label: "Payments",
          state: "off",
          detail: "Not set up: paid plans cannot be bought",
        };
    }
  }

  return {
    async systemStatus(account: Account): Promise<SystemStatus> {
      const parts = [await database(), ai(), speech(), await telephony(account), payments()];
      return {
        status: parts.some((part) => part.state === "error") ? "degraded" : "ok",
        parts,
      };
    },
  };
}

export type HealthService = ReturnType<typeof healthService>;
