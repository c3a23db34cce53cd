import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake API received, with its form body and the Basic-auth user. */
export type FakeTwilioRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  user: string | null;
};

/**
 * A local HTTP server that answers like Twilio's REST API (the parts the app uses: the account,
 * its incoming numbers, creating and updating calls, fetching and deleting recordings), with
 * Twilio's error shape on a bad login.
 * Tests point TWILIO_API_BASE_URL at it and read what the app sent.
 */
export async function startFakeTwilioApi(account: {
  accountSid: string;
  authToken: string;
  numbers: string[];
  friendlyName?: string;
}) {
  const requests: FakeTwilioRequest[] = [];
  /** Recordings the account holds (RecordingSid to WAV), served at Recordings/{Sid}.wav, deleted at Recordings/{Sid}.json. */
  const recordings = new Map<string, Buffer>();
  /** Each number's webhooks, as IncomingPhoneNumbers updates set them. */
  const numberHooks = new Map<string, { voiceUrl: string; statusCallback: string }>();
  const listeners = new Set<(request: FakeTwilioRequest) => void>();
  /** API keys made (SID to secret): a test verifies the access tokens signed with them. */
  const apiKeys = new Map<string, string>();
  /** Conferences made by adding a participant by name: their SIDs. */
  const conferences = new Map<string, string>();
  /** While set, every request is answered with this status (Twilio down, or throttling). */
  let outage: number | null = null;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const auth = req.headers.authorization?.startsWith("Basic ")
      ? Buffer.from(req.headers.authorization.slice(6), "base64").toString()
      : null;
    const [user, password] = auth
      ? [auth.slice(0, auth.indexOf(":")), auth.slice(auth.indexOf(":") + 1)]
      : [null, null];
    const recorded: FakeTwilioRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      form: Object.fromEntries(new URLSearchParams(body)),
      user,
    };
    requests.push(recorded);
    for (const listener of listeners) listener(recorded);
    const send = (status: number, payload: object) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (outage !== null) return send(outage, { code: 20500, message: "Service unavailable", status: outage });
    if (user !== account.accountSid || password !== account.authToken) {
      return send(401, {
        code: 20003,
        message: "Authentication Error - invalid username",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      });
    }
    const base = `/2010-04-01/Accounts/${account.accountSid}`;
    if (req.method === "GET" && url.pathname === `${base}.json`) {
      return send(200, {
        sid: account.accountSid,
        friendly_name: account.friendlyName ?? "My first Twilio account",
        status: "active",
      });
    }
    const numberSid = (i: number) => `PN${String(i).padStart(32, "0")}`;
    if (req.method === "GET" && url.pathname === `${base}/IncomingPhoneNumbers.json`) {
      const only = url.searchParams.get("PhoneNumber");
      return send(200, {
        incoming_phone_numbers: account.numbers
          .map((number, i) => ({
            sid: numberSid(i),
            phone_number: number,
            friendly_name: `Line ${i + 1}`,
            capabilities: { voice: true, sms: true, mms: false },
            voice_url: numberHooks.get(number)?.voiceUrl ?? "",
          }))
          .filter((n) => !only || n.phone_number === only),
        page: 0,
        page_size: 100,
        uri: `${base}/IncomingPhoneNumbers.json`,
        first_page_uri: `${base}/IncomingPhoneNumbers.json?Page=0&PageSize=100`,
        next_page_uri: null,
        previous_page_uri: null,
        start: 0,
        end: account.numbers.length,
      });
    }
    if (req.method === "POST" && url.pathname === `${base}/Calls.json`) {
      const sid = `CA${randomBytes(16).toString("hex")}`;
      return send(201, {
        sid,
        account_sid: account.accountSid,
        to: recorded.form.To,
        from: recorded.form.From,
        status: "queued",
      });
    }
    const numberUpdate = url.pathname.match(new RegExp(`^${base}/IncomingPhoneNumbers/(PN\\w+)\\.json$`));
    if (req.method === "POST" && numberUpdate) {
      const index = account.numbers.findIndex((_, i) => numberSid(i) === numberUpdate[1]);
      const number = account.numbers[index];
      if (number === undefined) return send(404, { code: 20404, message: "Not found", status: 404 });
      numberHooks.set(number, {
        voiceUrl: recorded.form.VoiceUrl ?? "",
        statusCallback: recorded.form.StatusCallback ?? "",
      });
      return send(200, { sid: numberUpdate[1], phone_number: number, voice_url: recorded.form.VoiceUrl });
    }
    const recording = url.pathname.match(new RegExp(`^${base}/Recordings/(RE\\w+)\\.wav$`));
    if (req.method === "GET" && recording) {
      const audio = recordings.get(recording[1] as string);
      if (!audio)
        return send(404, { code: 20404, message: "The requested resource was not found", status: 404 });
      res.writeHead(200, { "content-type": "audio/x-wav", "content-length": String(audio.length) });
      return res.end(audio);
    }
    const removal = url.pathname.match(new RegExp(`^${base}/Recordings/(RE\\w+)\\.json$`));
    if (req.method === "DELETE" && removal) {
      if (!recordings.delete(removal[1] as string))
        return send(404, { code: 20404, message: "The requested resource was not found", status: 404 });
      res.writeHead(204);
      return res.end();
    }
    // The browser softphone: an API key (its secret shown once), a TwiML app, conference participants.
    if (req.method === "POST" && url.pathname === `${base}/Keys.json`) {
      const sid = `SK${randomBytes(16).toString("hex")}`;
      const secret = randomBytes(16).toString("hex");
      apiKeys.set(sid, secret);
      return send(201, {
        sid,
        friendly_name: recorded.form.FriendlyName ?? null,
        secret,
        date_created: new Date().toUTCString(),
      });
    }
    if (req.method === "POST" && url.pathname === `${base}/Applications.json`) {
      return send(201, {
        sid: `AP${randomBytes(16).toString("hex")}`,
        account_sid: account.accountSid,
        friendly_name: recorded.form.FriendlyName ?? null,
        voice_url: recorded.form.VoiceUrl ?? null,
      });
    }
    const participants = url.pathname.match(
      new RegExp(`^${base}/Conferences/([\\w-]+)/Participants\\.json$`),
    );
    if (req.method === "POST" && participants) {
      const named = participants[1] as string;
      const conferenceSid = named.startsWith("CF")
        ? named
        : (conferences.get(named) ?? `CF${randomBytes(16).toString("hex")}`);
      conferences.set(named, conferenceSid);
      return send(201, {
        account_sid: account.accountSid,
        call_sid: `CA${randomBytes(16).toString("hex")}`,
        conference_sid: conferenceSid,
        label: recorded.form.Label ?? null,
        muted: recorded.form.Muted === "true",
        hold: false,
        coaching: recorded.form.Coaching === "true",
        status: "queued",
      });
    }
    const participant = url.pathname.match(
      new RegExp(`^${base}/Conferences/(CF\\w+)/Participants/(CA\\w+)\\.json$`),
    );
    if (req.method === "POST" && participant) {
      return send(200, {
        account_sid: account.accountSid,
        call_sid: participant[2],
        conference_sid: participant[1],
        muted: recorded.form.Muted === "true",
        hold: recorded.form.Hold === "true",
        coaching: recorded.form.Coaching === "true",
        status: "connected",
      });
    }
    const update = url.pathname.match(new RegExp(`^${base}/Calls/(CA\\w+|SIM\\w+)\\.json$`));
    if (req.method === "POST" && update) {
      return send(200, {
        sid: update[1],
        account_sid: account.accountSid,
        status: recorded.form.Status ?? "in-progress",
      });
    }
    return send(404, { code: 20404, message: "The requested resource was not found", status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    recordings,
    numberHooks,
    apiKeys,
    /** Answers every request with `status` from now on (null: back to normal). */
    setOutage(status: number | null) {
      outage = status;
    },
    /** Resolves with the first request (already received or coming) that matches. */
    waitFor(match: (request: FakeTwilioRequest) => boolean, timeoutMs = 5000): Promise<FakeTwilioRequest> {
      const seen = requests.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error("the fake Twilio API did not receive the expected request"));
        }, timeoutMs);
        const listener = (request: FakeTwilioRequest) => {
          if (!match(request)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(request);
        };
        listeners.add(listener);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
