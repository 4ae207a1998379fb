import * as m0001 from "./0001_app_meta.ts";
import * as m0002 from "./0002_workspaces.ts";

/** Every migration, in order. Add a new file, then list it here. */
export const migrations = {
  "0001_app_meta": m0001,
  "0002_workspaces": m0002,
};
