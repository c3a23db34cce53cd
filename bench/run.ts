import { emailBench } from "./email";
import { agentsBench } from "./scenarios/agents";
import { audioBench } from "./scenarios/audio";
import { authBench } from "./scenarios/auth";
import { contactsBench } from "./scenarios/contacts";
import { contactsImportBench } from "./scenarios/contacts-import";
import { dialerBench } from "./scenarios/dialer";
import { dialerTickBench } from "./scenarios/dialer-tick";
import { engineBench } from "./scenarios/engine";
import { historyBench } from "./scenarios/history";
import { llmTurnsBench } from "./scenarios/llm-turns";
import { concurrentReadersBench } from "./scenarios/readers";
import { reportsBench } from "./scenarios/reports";
import { speechBench } from "./scenarios/speech";
import { stallsBench } from "./scenarios/stalls";
import { telephonyBench } from "./scenarios/telephony";
import { voiceTurnsBench } from "./scenarios/voice-turns";

/** `npm run bench` runs every scenario; `npm run bench -- auth` runs the named ones. */
const SCENARIOS: Record<string, () => Promise<void>> = {
  agents: agentsBench,
  audio: audioBench,
  auth: authBench,
  contacts: contactsBench,
  "contacts-import": contactsImportBench,
  dialer: dialerBench,
  // The dialer's tick alone (the second half of "dialer"), without the pacing simulation.
  "dialer-tick": dialerTickBench,
  email: emailBench,
  engine: engineBench,
  history: historyBench,
  // A streaming language model answering turns (a local fake paced like a hosted model).
  "llm-turns": llmTurnsBench,
  readers: concurrentReadersBench,
  // Reports over a 1,000,000-call workspace (PostgreSQL: DATABASE_URL).
  reports: reportsBench,
  speech: speechBench,
  stalls: stallsBench,
  telephony: telephonyBench,
  // Time to a reply's audio in a cloned voice (a local fake voice service taking 300 ms).
  "voice-turns": voiceTurnsBench,
};

const requested = process.argv.slice(2);
// "dialer-tick" is part of "dialer": run alone only when named.
const names = requested.length ? requested : Object.keys(SCENARIOS).filter((name) => name !== "dialer-tick");
for (const name of names) {
  const scenario = SCENARIOS[name];
  if (!scenario) {
    console.error(`Unknown scenario "${name}". Known: ${Object.keys(SCENARIOS).join(", ")}`);
    process.exit(2);
  }
  console.log(`\n### ${name}`);
  await scenario();
}
