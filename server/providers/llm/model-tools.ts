import { z } from "zod";
import { CALL_DISPOSITIONS } from "../../../common/calls";
import type { ModelAction } from "../../engine";

/**
 * The tools a language model may call on a phone call, one Zod schema each: the schema is both
 * what the model is shown (as JSON Schema) and what its arguments must pass before the engine
 * sees them. They are the engine's ModelAction, tool for tool and field for field (the
 * `satisfies` below fails the build when the two part ways).
 */
type Tool<S extends z.ZodObject> = {
  description: string;
  schema: S;
  action(args: z.infer<S>): ModelAction;
};

const tool = <S extends z.ZodObject>(definition: Tool<S>) => definition;

const when = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('The time as the caller said it ("Thursday at 10am", "tomorrow at 3pm"), or an ISO 8601 instant');

const TOOLS = {
  book_appointment: tool({
    description:
      "Book an appointment at the time the caller agreed to. The calendar is checked before it is booked.",
    schema: z.object({ when }),
    action: (args) => ({ tool: "book_appointment", when: args.when }),
  }),
  schedule_callback: tool({
    description: "Arrange for someone to call the person back at the time they asked for.",
    schema: z.object({ when }),
    action: (args) => ({ tool: "schedule_callback", when: args.when }),
  }),
  mark_do_not_call: tool({
    description:
      "The person asked not to be called again: their number goes on the do-not-call list and the call ends.",
    schema: z.object({}),
    action: () => ({ tool: "mark_do_not_call" }),
  }),
  set_disposition: tool({
    description: "Record what the call came to so far.",
    schema: z.object({ disposition: z.enum(CALL_DISPOSITIONS).describe("What the call came to") }),
    action: (args) => ({ tool: "set_disposition", disposition: args.disposition }),
  }),
  transfer: tool({
    description: "Put the caller through to a person at the business.",
    schema: z.object({ reason: z.string().trim().min(1).max(300).describe("Why the caller needs a person") }),
    action: (args) => ({ tool: "transfer", reason: args.reason }),
  }),
  end_call: tool({
    description: "End the call after saying the reply.",
    schema: z.object({}),
    action: () => ({ tool: "end_call" }),
  }),
} satisfies { [Name in ModelAction["tool"]]: Tool<z.ZodObject> };

/** The chat-completions `tools` parameter: every tool as a function with its JSON Schema. */
export const TOOL_DEFINITIONS = Object.entries(TOOLS).map(([name, { description, schema }]) => {
  const { $schema: _dialect, ...parameters } = z.toJSONSchema(schema) as Record<string, unknown>;
  return { type: "function" as const, function: { name, description, parameters } };
});

/**
 * A tool call as the model sent it, checked: the action it asks for, or why it is refused (an
 * unknown tool, arguments that are not JSON or do not fit the tool's schema).
 */
export function readToolCall(
  name: string,
  rawArguments: string,
): { action: ModelAction } | { refused: string } {
  if (!Object.hasOwn(TOOLS, name)) return { refused: `unknown tool "${name}"` };
  const definition: Tool<z.ZodObject> = TOOLS[name as keyof typeof TOOLS];
  let parsed: unknown;
  try {
    // A tool without parameters often comes with no arguments at all.
    parsed = rawArguments.trim() === "" ? {} : JSON.parse(rawArguments);
  } catch {
    return { refused: `${name}: the arguments are not JSON` };
  }
  const checked = definition.schema.safeParse(parsed);
  if (!checked.success) return { refused: `${name}: ${z.prettifyError(checked.error)}` };
  return { action: definition.action(checked.data) };
}
