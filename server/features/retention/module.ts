import { dataDeletionNotices } from "../../db/schema";
import { defineArea } from "../area";

export const retentionArea = defineArea({
  name: "retention",
  tables: { dataDeletionNotices },
});
