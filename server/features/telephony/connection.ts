import { randomInt } from "node:crypto";
import { concurrentCallLimit, type TelephonyState, type TwilioTestResult } from "../../../common/telephony";
import type { Account } from "../../domain/account";
import { Conflict, notFound } from "../../domain/errors";
import { CarrierError } from "../../providers/telephony/types";
import { PHONE_CALL_TYPES, type TelephonyContext } from "./context";
import { presentTelephonyState } from "./presenter";
import type { ConnectionRow } from "./repository";

/**
 * The workspace's phone service in Settings: its Twilio connection (the token sealed, never
 * shown), its chosen Twilio number, and the simulator number every workspace has.
 */

/** The workspace's simulator number, made on first use from the range set aside for fiction. */
export async function ensureSimulatorNumber(ctx: TelephonyContext, workspaceId: string): Promise<string> {
  const { repo } = ctx;
  const existing = (await repo.numbers(workspaceId)).find((n) => n.provider === "simulator");
  if (existing) return existing.number;
  for (let attempt = 0; attempt < 50; attempt++) {
    // 555-0100 to 555-0199 is the range set aside for fiction: these never ring a real phone.
    const number = `+1${randomInt(201, 990)}55501${String(randomInt(0, 100)).padStart(2, "0")}`;
    if (await repo.addSimulatorNumber(workspaceId, number)) return number;
    const mine = (await repo.numbers(workspaceId)).find((n) => n.provider === "simulator");
    if (mine) return mine.number;
  }
  throw new Error("no free simulator number");
}

export async function telephonyState(ctx: TelephonyContext, account: Account): Promise<TelephonyState> {
  const [connection, numbers, simulatorNumber, active] = await Promise.all([
    ctx.repo.connection(account.id),
    ctx.repo.numbers(account.id),
    ensureSimulatorNumber(ctx, account.id),
    ctx.calls.countLive(account, PHONE_CALL_TYPES),
  ]);
  const { limit, planName } = concurrentCallLimit(account.planType);
  return presentTelephonyState({
    connection: connection ?? null,
    authTokenHint: connection ? tokenHint(ctx, connection) : "",
    twilioNumber: numbers.find((n) => n.provider === "twilio")?.number ?? null,
    simulatorNumber,
    publicUrl: ctx.config.publicUrl,
    concurrentCalls: { limit, active, planName },
    cellphoneNumber: account.owner.cellphoneNumber,
  });
}

function tokenHint(ctx: TelephonyContext, connection: ConnectionRow): string {
  try {
    return `••••${ctx.carriers.open(connection).slice(-4)}`;
  } catch {
    return "(sealed under another APP_SECRET: enter it again)";
  }
}

async function assertNumberFree(ctx: TelephonyContext, workspaceId: string, number: string): Promise<void> {
  const owner = await ctx.repo.numberOwner(number);
  if (owner && owner.workspaceId !== workspaceId)
    throw new Conflict("That number is already connected to another account");
  if (owner && owner.provider === "simulator")
    throw new Conflict("That is your simulator number, not a Twilio number");
}

export async function connectTwilio(
  ctx: TelephonyContext,
  account: Account,
  input: { accountSid: string; authToken: string; phoneNumber: string },
) {
  await assertNumberFree(ctx, account.id, input.phoneNumber);
  await ctx.repo.saveTwilio(account.id, {
    accountSid: input.accountSid,
    authTokenEncrypted: ctx.carriers.seal(input.authToken),
    phoneNumber: input.phoneNumber,
  });
  return telephonyState(ctx, account);
}

export async function chooseTwilioNumber(ctx: TelephonyContext, account: Account, phoneNumber: string) {
  if (!(await ctx.repo.connection(account.id))) throw notFound("A Twilio connection");
  await assertNumberFree(ctx, account.id, phoneNumber);
  await ctx.repo.setTwilioNumber(account.id, phoneNumber);
  return telephonyState(ctx, account);
}

export async function disconnectTwilio(ctx: TelephonyContext, account: Account) {
  await ctx.repo.deleteTwilio(account.id);
  return telephonyState(ctx, account);
}

/** Asks Twilio whether the credentials work and the number is theirs; lists the account's numbers. */
export async function testTwilio(
  ctx: TelephonyContext,
  account: Account,
  at: Date,
): Promise<TwilioTestResult> {
  const connection = await ctx.repo.connection(account.id);
  if (!connection) throw notFound("A Twilio connection");
  const number = (await ctx.repo.numbers(account.id)).find((n) => n.provider === "twilio")?.number ?? null;
  let result: TwilioTestResult;
  try {
    const twilio = await ctx.carriers.twilioFor(connection).verify();
    const owns = number !== null && twilio.numbers.some((n) => n.phoneNumber === number);
    const active = twilio.status === "active";
    const numberLine = owns
      ? `${number} is a voice number on this account.`
      : `${number ?? "Your number"} is not a voice number on this account: choose one below.`;
    result = {
      ok: owns && active,
      message: `Connected to Twilio account "${twilio.friendlyName}"${active ? "" : ` (status ${twilio.status})`}. ${numberLine}`,
      numbers: twilio.numbers.map((n) => ({ phoneNumber: n.phoneNumber, friendlyName: n.friendlyName })),
    };
  } catch (error) {
    const refused = error instanceof CarrierError && error.credentialsRefused;
    result = {
      ok: false,
      message: refused
        ? "Twilio refused these credentials. Check the Account SID and Auth Token on your Twilio console."
        : `Twilio could not be reached: ${(error as Error).message}`,
      numbers: [],
    };
  }
  await ctx.repo.markChecked(account.id, result.ok ? "connected" : "error", at);
  return result;
}
