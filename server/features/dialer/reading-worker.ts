import { serveStreams } from "../../offload/serve";
import { readLeadLines } from "./lead-lines";

/** The dialer's worker thread (reading.ts starts it): the add-leads dialog's text, read. */
serveStreams({ "dialer.lead-lines": readLeadLines });
