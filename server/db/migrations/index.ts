import * as m0001 from "./0001_workspaces.ts";
import * as m0002 from "./0002_members_templates_outputs.ts";

/** Every migration, in order. Add a new file, then list it here. */
export const migrations = {
  "0001_workspaces": m0001,
  "0002_members_templates_outputs": m0002,
};
