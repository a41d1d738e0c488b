import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_auth_plugins";
import * as m0003 from "./0003_search_indexes";
import * as m0004 from "./0004_catalog_images";
import * as m0005 from "./0005_search_grams";
import * as m0006 from "./0006_search_per_field";
import * as m0007 from "./0007_name_order_index";
import * as m0008 from "./0008_rate_limits";
import * as m0010 from "./0010_favorites_ratings";
import * as m0012 from "./0012_admin_audit_log";
import * as m0013 from "./0013_ecommerce_search";
import * as m0014 from "./0014_trends_analytics";
import * as m0015 from "./0015_search_synonyms";
import * as m0016 from "./0016_bulk_search_sync";
import * as m0017 from "./0017_shared_revisions";
import * as m0018 from "./0018_ad_request_language";
import * as m0019 from "./0019_drop_sql_search_side_tables";
import * as m0020 from "./0020_marks_and_screenshots";
import * as m0021 from "./0021_tool_offers";
import * as m0022 from "./0022_reviews_reports";
import * as m0023 from "./0023_makers_and_sponsored";
import * as m0024 from "./0024_api_keys_newsletter";
import * as m0025 from "./0025_ecommerce_status";
import * as m0026 from "./0026_tool_change_log";
import * as m0027 from "./0027_tool_website_host";

/**
 * Every migration, in order. Listed statically so the production bundle
 * carries them; add new files here with the next free number.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_auth_plugins": m0002,
  "0003_search_indexes": m0003,
  "0004_catalog_images": m0004,
  "0005_search_grams": m0005,
  "0006_search_per_field": m0006,
  "0007_name_order_index": m0007,
  "0008_rate_limits": m0008,
  "0010_favorites_ratings": m0010,
  "0012_admin_audit_log": m0012,
  "0013_ecommerce_search": m0013,
  "0014_trends_analytics": m0014,
  "0015_search_synonyms": m0015,
  "0016_bulk_search_sync": m0016,
  "0017_shared_revisions": m0017,
  "0018_ad_request_language": m0018,
  "0019_drop_sql_search_side_tables": m0019,
  "0020_marks_and_screenshots": m0020,
  "0021_tool_offers": m0021,
  "0022_reviews_reports": m0022,
  "0023_makers_and_sponsored": m0023,
  "0024_api_keys_newsletter": m0024,
  "0025_ecommerce_status": m0025,
  "0026_tool_change_log": m0026,
  "0027_tool_website_host": m0027,
};
