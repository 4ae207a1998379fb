import * as m0001 from "./0001_workspaces.ts";
import * as m0002 from "./0002_members_templates_outputs.ts";
import * as m0003 from "./0003_output_search_and_trash.ts";
import * as m0004 from "./0004_credits_billing.ts";
import * as m0005 from "./0005_generation_status_index.ts";
import * as m0006 from "./0006_rate_limits.ts";
import * as m0007 from "./0007_workspace_ai_model.ts";
import * as m0008 from "./0008_listings.ts";
import * as m0009 from "./0009_keyword_bank.ts";
import * as m0010 from "./0010_marketplaces.ts";
import * as m0011 from "./0011_listing_family.ts";
import * as m0012 from "./0012_listing_language.ts";
import * as m0013 from "./0013_output_search_by_store.ts";
import * as m0014 from "./0014_listing_written_in.ts";
import * as m0015 from "./0015_jobs.ts";
import * as m0016 from "./0016_maintenance_runs.ts";
import * as m0017 from "./0017_workspace_require_two_factor.ts";
import * as m0018 from "./0018_known_devices.ts";
import * as m0019 from "./0019_admin_audit_log.ts";
import * as m0020 from "./0020_data_exports.ts";
import * as m0021 from "./0021_member_active_index.ts";
import * as m0022 from "./0022_output_versions.ts";
import * as m0023 from "./0023_queue_claims.ts";
import * as m0024 from "./0024_totp_last_step.ts";
import * as m0025 from "./0025_generation_kind.ts";
import * as m0026 from "./0026_amazon_connection.ts";
import * as m0027 from "./0027_listing_amazon_link.ts";
import * as m0028 from "./0028_catalog_audit.ts";
import * as m0029 from "./0029_amazon_import.ts";
import * as m0030 from "./0030_product_type_schema.ts";
import * as m0031 from "./0031_listing_publication.ts";
import * as m0032 from "./0032_catalog_revision.ts";
import * as m0033 from "./0033_publish_batch.ts";
import * as m0034 from "./0034_publish_batch_attempts.ts";
import * as m0035 from "./0035_api_keys.ts";

/** Every migration, in order. Add a new file, then list it here. */
export const migrations = {
  "0001_workspaces": m0001,
  "0002_members_templates_outputs": m0002,
  "0003_output_search_and_trash": m0003,
  "0004_credits_billing": m0004,
  "0005_generation_status_index": m0005,
  "0006_rate_limits": m0006,
  "0007_workspace_ai_model": m0007,
  "0008_listings": m0008,
  "0009_keyword_bank": m0009,
  "0010_marketplaces": m0010,
  "0011_listing_family": m0011,
  "0012_listing_language": m0012,
  "0013_output_search_by_store": m0013,
  "0014_listing_written_in": m0014,
  "0015_jobs": m0015,
  "0016_maintenance_runs": m0016,
  "0017_workspace_require_two_factor": m0017,
  "0018_known_devices": m0018,
  "0019_admin_audit_log": m0019,
  "0020_data_exports": m0020,
  "0021_member_active_index": m0021,
  "0022_output_versions": m0022,
  "0023_queue_claims": m0023,
  "0024_totp_last_step": m0024,
  "0025_generation_kind": m0025,
  "0026_amazon_connection": m0026,
  "0027_listing_amazon_link": m0027,
  "0028_catalog_audit": m0028,
  "0029_amazon_import": m0029,
  "0030_product_type_schema": m0030,
  "0031_listing_publication": m0031,
  "0032_catalog_revision": m0032,
  "0033_publish_batch": m0033,
  "0034_publish_batch_attempts": m0034,
  "0035_api_keys": m0035,
};
