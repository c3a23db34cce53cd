import { PERSONAL, SCREENED } from "./businesses";
import { BOOKED, DOES_NOT_KNOW, MESSAGE_TAKEN } from "./phrases";
import { at, type Conversation, DAY, say } from "./types";

/**
 * The general receptionist: a photographer's line answered by the default assistant, and a
 * contractor's screening agent. Messages from family and clients, bookings, robocalls and
 * scams ended, vendors' pitches taken down, never a promise the owner did not make.
 */

const photographer = { business: PERSONAL, direction: "inbound" } as const;
const contractor = { business: SCREENED, direction: "inbound" } as const;

export const RECEPTIONIST: Conversation[] = [
  {
    id: "reception-portrait-session-booked",
    ...photographer,
    turns: [
      say("Hi, this is Jen, I'd love to book a family portrait session."),
      say("Next Wednesday at 11 would be great.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.nextWednesday, "11:00") },
  },
  {
    id: "reception-mom-message",
    ...photographer,
    turns: [
      say("Hey, it's Dana's mom. Just tell her to give me a ring when she gets a chance, nothing urgent.", {
        must: [MESSAGE_TAKEN],
      }),
      say("That's it, thanks. Bye bye."),
    ],
    expect: { disposition: null, ended: true },
    note: "A family message with no time is a message, not a scheduled call back.",
  },
  {
    id: "reception-cruise-robocall",
    ...photographer,
    turns: [
      say(
        "Congratulations! You've been selected for a free cruise to the Bahamas. Press 1 now to claim your prize.",
      ),
    ],
    expect: { disposition: null, ended: true },
  },
  {
    id: "reception-car-warranty-robocall",
    ...photographer,
    turns: [
      say(
        "This is your final notice about your vehicle's extended warranty. Press 1 to speak to a specialist before it expires.",
      ),
    ],
    expect: { disposition: null, ended: true },
  },
  {
    id: "reception-fake-google-listing",
    ...photographer,
    turns: [
      say(
        "Hi, this is the Google business listings department. Your listing will be suspended today unless you verify it. Just read me the code we texted you.",
      ),
    ],
    expect: { disposition: null, ended: true },
    note: "A scam asking for a verification code: ended, not taken down as a message.",
  },
  {
    id: "reception-seo-pitch-message",
    ...photographer,
    turns: [
      say(
        "Hi, I'm with Apex Marketing, we help photographers get more clients with SEO. Is the owner around?",
        { must: [MESSAGE_TAKEN] },
      ),
    ],
    expect: { disposition: null, ended: false },
    note: "A real vendor, not a scam: taken down for Dana, not blocked.",
  },
  {
    id: "reception-wedding-rates-unknown",
    ...photographer,
    turns: [say("What are your rates for a wedding?", { must: [DOES_NOT_KNOW] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "reception-is-dana-available",
    ...photographer,
    turns: [say("Is Dana available? I'm calling about the engagement photos.", { must: [/Dana/] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "reception-bride-wants-confirmation",
    ...photographer,
    turns: [
      say("Hi, this is Carla, I'm the bride for October 3rd. Can you confirm Dana has us on her calendar?", {
        mustNot: [/you'?re confirmed/i],
      }),
    ],
    expect: { disposition: null, ended: false },
    note: "The assistant cannot see Dana's weddings: it passes the question on, it does not confirm.",
  },
  {
    id: "reception-nick-called-bye",
    ...photographer,
    turns: [say("Just tell her Nick called about the prints. That's all. Bye.")],
    expect: { disposition: null, ended: true },
  },
  {
    id: "reception-contractor-free-estimates",
    ...contractor,
    turns: [say("Do you do free estimates for a deck?", { must: [/free/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "reception-contractor-no-commercial",
    ...contractor,
    turns: [
      say("Do you do commercial work? We need an office build-out.", {
        must: [/do not do commercial|don'?t do commercial/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "reception-contractor-estimate-booked",
    ...contractor,
    turns: [
      say("We want an estimate for a kitchen remodel."),
      say("Thursday at 4 works for us.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "16:00") },
  },
  {
    id: "reception-contractor-homeowner-complaint",
    ...contractor,
    turns: [
      say(
        "Your crew left nails all over my driveway yesterday and I got a flat tire. I want Mark to call me.",
        {
          must: [/sorry/i, /Mark|Kowalski/],
        },
      ),
    ],
    expect: { disposition: null, ended: false },
  },
];
