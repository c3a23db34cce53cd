import { AgentCreate } from "../../../common/agents";
import type { Account } from "../../domain/account";
import type { AgentService } from "../agents/service";
import type { ScriptService } from "../scripts/service";

/**
 * The satellite screens' calls are made by a satellite-sales agent following the shipped
 * satellite-internet script, whatever else the workspace's calls use (a dental office's script
 * must never sell satellite internet). Both are made once, from the catalogue, the first time a
 * satellite call needs them, and then found by name; the agent stays paused, so inbound routing
 * never picks it, and the script stays switched off, so the workspace's own outbound calls (a
 * contact's Dial, bulk calls) never take it for their script, while the calls placed with them
 * use them.
 */

const TEMPLATE_ID = "satellite-internet-sales";
const SATELLITE = /satellite|viasat/i;
export const SATELLITE_AGENT_NAME = "Satellite Sales";

export type SatelliteSales = { agentId: string; scriptId: string; scriptName: string };

export function satelliteSales(deps: {
  scripts: Pick<ScriptService, "list" | "fromTemplate">;
  agents: Pick<AgentService, "listAgents" | "createAgent">;
}) {
  async function script(account: Account) {
    const scripts = await deps.scripts.list(account);
    const found =
      scripts.find((s) => SATELLITE.test(s.name)) ?? scripts.find((s) => SATELLITE.test(s.description ?? ""));
    if (found) return found;
    return (await deps.scripts.fromTemplate(account, TEMPLATE_ID, { isDefault: false, isActive: false })).row;
  }

  async function agent(account: Account, rules: readonly string[]) {
    const { rows } = await deps.agents.listAgents(account);
    const found = rows.find((row) => row.name === SATELLITE_AGENT_NAME);
    if (found) return found;
    return deps.agents.createAgent(
      account,
      AgentCreate.parse({
        name: SATELLITE_AGENT_NAME,
        specialization: "sales",
        voice: "friendly",
        purpose: "Offer satellite internet where cable and fiber do not reach, and book the installation.",
        script:
          "Hi {callerName}, this is {agentName} with {businessName}, calling about satellite internet for your home.",
        knowledgeBase: rules.join("\n"),
        rebuttalPlaybook: [
          "I understand; many of our customers felt the same until they saw there is no installation fee and a 30-day money-back guarantee.",
          "That's fair. Satellite reaches homes that cable and fiber don't, and you can try it for 30 days with your money back if it doesn't suit you.",
          "If another provider already serves you well, that's great; if you're ever stuck with slow speeds, our Unlimited plan gives up to 150 Mbps.",
        ].join("\n"),
        closingStyle: "Thanks for your time, and have a great day!",
      }),
    );
  }

  return {
    /** The agent and script a satellite call is placed with (made from the catalogue when missing). */
    async forCall(account: Account): Promise<SatelliteSales> {
      const row = await script(account);
      const seller = await agent(account, row.businessRules);
      return { agentId: seller.id, scriptId: row.id, scriptName: row.name };
    },
  };
}
