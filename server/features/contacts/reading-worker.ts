import { serveStreams } from "../../offload/serve";
import { readDoNotCallList } from "./do-not-call-reading";
import { countUpload, readImportRows } from "./import/reading";

/** The contacts area's worker thread (reading.ts starts it): every read of an uploaded file. */
serveStreams({
  "contacts.count-upload": countUpload,
  "contacts.import-rows": readImportRows,
  "contacts.do-not-call": readDoNotCallList,
});
