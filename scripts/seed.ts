/**
 * `npm run seed -- --calls 1000000 --account you@example.com [--days 365]`
 *
 * Fills one existing account with realistic screened calls: a mix of the six classes, North
 * American numbers, names (some unknown), class-typical durations, actions and outcomes, and
 * transcripts made of the project's own corpus lines, spread over the past year. Rows are
 * generated inside the database (generate_series) in batches, so a million calls take about a
 * minute on PostgreSQL. Uses DATABASE_URL when set, else the embedded database in DATA_DIR.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { loadCorpus } from "../server/engine/corpus";
import { CLASSIFICATIONS } from "../server/engine/types";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "10000" },
    account: { type: "string" },
    days: { type: "string", default: "365" },
    batch: { type: "string", default: "50000" },
  },
});

const total = Number(values.calls);
const days = Number(values.days);
const batchSize = Number(values.batch);
if (!values.account || !Number.isInteger(total) || total < 1 || !(days > 0) || !(batchSize > 0)) {
  console.error("Usage: npm run seed -- --calls 1000000 --account EMAIL [--days 365] [--batch 50000]");
  process.exit(2);
}

const FIRST = [
  "Dana",
  "Lee",
  "Priya",
  "Marcus",
  "Sofia",
  "Chen",
  "Amara",
  "Jonah",
  "Elena",
  "Omar",
  "Grace",
  "Mateo",
  "Hannah",
  "Ravi",
  "Zoe",
  "Tom",
];
const LAST = [
  "Whitfield",
  "Rivera",
  "Patel",
  "Okafor",
  "Nguyen",
  "Schmidt",
  "Garcia",
  "Kim",
  "Brown",
  "Haddad",
  "Murphy",
  "Silva",
  "Cohen",
  "Ito",
];
const AREA = ["212", "305", "312", "415", "503", "617", "646", "702", "713", "818", "917", "404"];

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const db = database.db;

// The calls go to the workspace the account owns (every sign-up creates one).
const found = (await db.execute(
  sql`select m.workspace_id as id from users u
      join memberships m on m.user_id = u.id and m.role = 'owner'
      where lower(u.email) = ${values.account.toLowerCase()}
      order by m.created_at limit 1`,
)) as unknown as {
  rows: { id: string }[];
};
const workspaceId = found.rows[0]?.id;
if (!workspaceId) {
  console.error(`No account with the email ${values.account} owns a workspace. Sign up in the app first.`);
  await database.close();
  process.exit(1);
}

// Caller lines per class, from the corpus, as one JSON object the database picks from.
const corpus = loadCorpus();
const lines = Object.fromEntries(
  CLASSIFICATIONS.map((label) => [label, corpus.filter((r) => r.label === label).map((r) => r.text)]),
);

const started = Date.now();
let inserted = 0;
while (inserted < total) {
  const n = Math.min(batchSize, total - inserted);
  await db.execute(sql`
    insert into calls (workspace_id, phone_number, caller_name, direction, classification, status, is_active,
      start_time, end_time, duration, transcript, ai_response, sentiment, customer_satisfaction,
      follow_up_required, importance, action_taken, summary, call_type, disposition, created_at)
    select ${workspaceId}::uuid, phone, name, 'inbound', cls,
      case cls when 'spam' then 'blocked' else 'completed' end, false,
      start_at, start_at + make_interval(secs => dur), dur,
      'AI: Hello! You''ve reached my assistant. How can I help you today?' || E'\\n' || 'Caller: ' || said || E'\\n' || 'AI: ' ||
        case cls
          when 'spam' then 'This call appears to be unsolicited, so I''m ending it now. Goodbye.'
          when 'appointment' then 'Thank you. You''re booked. Is there anything else I can help with?'
          when 'important' then 'I understand this is important. I''ve marked your message as urgent.'
          when 'support' then 'I''m sorry you''re having trouble with that. Someone will follow up with you.'
          when 'sales' then 'Thank you. I''ll pass your inquiry along. What''s the best number to reach you?'
          else 'Thank you. I''ll let them know you called.' end,
      null,
      (array['neutral','neutral','positive','negative'])[1 + floor(random() * 4)::int],
      case cls when 'spam' then 0 when 'appointment' then 5 else 2 + floor(random() * 3)::int end,
      cls in ('important', 'support', 'sales'),
      case cls when 'spam' then 0 when 'important' then 4 + floor(random() * 2)::int when 'appointment' then 3
        when 'support' then 3 when 'legitimate' then 2 else 1 end,
      case cls
        when 'spam' then 'Blocked as unwanted or fraudulent call'
        when 'appointment' then 'Appointment booked for ' || to_char(start_at + interval '3 days', 'FMDay, FMMonth FMDD "at" FMHH12:MI AM')
        when 'important' then 'Urgent message taken'
        when 'support' then 'Support request noted for follow-up'
        when 'sales' then 'Sales inquiry noted for follow-up'
        else 'Message taken' end,
      coalesce(name, phone) || ' called about a ' || cls || ' matter.',
      'seed',
      -- What the calls came to: bookings, call backs and interest most often; a stop request rarely.
      case
        when cls = 'spam' then null
        when cls = 'appointment' then 'booked'
        when pick < 0.01 then 'do_not_call'
        when cls = 'sales' then (array['interested','qualified','not_interested','call_back'])[1 + floor(random() * 4)::int]
        when pick < 0.2 then 'call_back'
        when pick < 0.25 then 'wrong_number'
        else null end,
      start_at
    from (
      select cls, start_at, said, name, phone, pick,
        (case cls when 'spam' then 5 + random() * 35 when 'appointment' then 60 + random() * 240
          when 'support' then 90 + random() * 510 when 'important' then 30 + random() * 370
          when 'sales' then 45 + random() * 255 else 20 + random() * 180 end)::int as dur
      from (
        select
          (array['spam','spam','spam','spam','spam','legitimate','legitimate','legitimate','legitimate',
                 'appointment','appointment','appointment','support','support','support',
                 'sales','sales','sales','important','important'])[1 + floor(random() * 20)::int] as cls,
          now() - random() * make_interval(days => ${days}) as start_at,
          case when random() < 0.3 then null else
            (${JSON.stringify(FIRST)}::jsonb ->> floor(random() * ${FIRST.length})::int) || ' ' ||
            (${JSON.stringify(LAST)}::jsonb ->> floor(random() * ${LAST.length})::int) end as name,
          '+1' || (${JSON.stringify(AREA)}::jsonb ->> floor(random() * ${AREA.length})::int) || lpad(floor(random() * 10000000)::text, 7, '0') as phone,
          random() as pick
        from generate_series(1, ${n})
      ) raw
      cross join lateral (
        select (${JSON.stringify(lines)}::jsonb -> raw.cls) ->> floor(raw.pick * jsonb_array_length(${JSON.stringify(lines)}::jsonb -> raw.cls))::int as said
      ) line
    ) picked`);
  inserted += n;
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `\r${inserted.toLocaleString()} of ${total.toLocaleString()} calls (${Math.round(inserted / seconds).toLocaleString()}/s)`,
  );
}
await db.execute(sql`analyze calls`);
console.log(
  `\nSeeded ${total.toLocaleString()} calls into ${values.account} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
await database.close();
