import * as m0001 from "./0001_workspaces.ts";

/** Every migration, in order. Add a new file, then list it here. */
export const migrations = {
  "0001_workspaces": m0001,
};
