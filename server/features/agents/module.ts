import {
  agentCallOutcomes,
  agentTests,
  aiAgents,
  conversationFlows,
  routingRules,
  telecomAgents,
} from "../../db/schema";
import { defineArea } from "../area";
import { conversationRoutes } from "./conversation-routes";
import { agentRoutes } from "./routes";
import { telecomAgentRoutes } from "./telecom-routes";

export const agentsArea = defineArea({
  name: "agents",
  tables: { aiAgents, routingRules, conversationFlows, agentCallOutcomes, telecomAgents, agentTests },
  async routes(app, { services }) {
    await app.register(agentRoutes, { agents: services.agents });
    await app.register(telecomAgentRoutes, { telecomAgents: services.telecomAgents });
    await app.register(conversationRoutes, {
      conversation: services.conversation,
      agentTests: services.agentTests,
    });
  },
});
