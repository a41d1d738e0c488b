import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The database as Kysely sees it, identical on SQLite and PostgreSQL:
 * flags are integers (0/1), timestamps ISO-8601 UTC text, lists JSON text.
 * Helpers in `json.ts` and `time.ts` convert at the edge of the data layer.
 */
type Timestamp = string;
type Flag = number;
type JsonText = string;
type Id = Generated<number>;
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>;

export interface CategoriesTable {
  id: Id;
  slug: string;
  parent_id: number | null;
  icon_name: string | null;
  color: string | null;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CategoryTranslationsTable {
  category_id: number;
  language: string;
  name: string;
  description: string | null;
}

export interface ToolsTable {
  id: Id;
  slug: string;
  website_url: string;
  /**
   * `websiteHost(website_url)`, '' when it has none (migration 0027): the indexed column a submission's duplicate
   * check looks a website up by. Derived by the data layer on every write of `website_url` (db/website-host.ts).
   */
  website_host: Generated<string>;
  image_url: string | null;
  image_webp_url: string | null;
  preview_url: string | null;
  preview_webp_url: string | null;
  /** Colour the generated logo and preview are drawn in. */
  brand_color: string | null;
  /** JSON `{source, icon, license}`: the brand mark the logo is drawn from (migration 0016); null: initials. */
  brand_icon: Generated<string | null>;
  pricing: string;
  rating: Generated<number>;
  review_count: Generated<number>;
  is_featured: Generated<Flag>;
  is_popular: Generated<Flag>;
  is_new: Generated<Flag>;
  verified: Generated<Flag>;
  pinned: Generated<Flag>;
  manual_priority: number | null;
  /** Heart count from the slug hash, maintained by the database (migration 0003). */
  slug_score: Generated<number>;
  /** published | hidden: hidden tools are kept but never listed. */
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /**
   * The catalogue's imported figures and the sum/count of users' ratings (migration 0010); `rating` and
   * `review_count` are derived from these four in the same transaction as every write.
   */
  base_rating: Generated<number>;
  base_review_count: Generated<number>;
  user_rating_sum: Generated<number>;
  user_rating_count: Generated<number>;
  /** Real favourites; the card's heart figure is the slug hash plus this. */
  favorite_count: Generated<number>;
  /** When an administrator marked the tool discontinued (migration 0022): its page stays, marked and noindex. */
  discontinued_at: Generated<string | null>;
}

/** One row per tool and language; every field may be empty (sparse translations). */
export interface ToolTranslationsTable {
  tool_id: number;
  language: string;
  name: string;
  subtitle: string | null;
  description: string | null;
  long_description: string | null;
  features: JsonText;
  use_cases: JsonText;
  faq: JsonText;
  tags: JsonText;
  updated_at: Timestamp;
}

/** Links a tool to top-level categories and subcategories alike. */
export interface ToolCategoriesTable {
  tool_id: number;
  category_id: number;
  position: Generated<number>;
}

export interface CaseStudiesTable {
  id: Id;
  slug: string;
  cover_image: string | null;
  cover_image_webp: string | null;
  brand_color: string | null;
  website_url: string | null;
  category_id: number | null;
  pricing: string | null;
  rating: number | null;
  publish_date: string | null;
  read_time: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CaseStudyTranslationsTable {
  case_study_id: number;
  language: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  tags: JsonText;
  features: JsonText;
  use_cases: JsonText;
  benefits: JsonText;
  challenges: JsonText;
  solutions: JsonText;
  results: JsonText;
}

export interface EcommerceCategoriesTable {
  id: Id;
  slug: string;
  parent_id: number | null;
  icon: string | null;
  color: string | null;
  sort_order: Generated<number>;
  /** Product count a group advertises (e-commerce sidebar). */
  product_count: Generated<number>;
}

export interface EcommerceCategoryTranslationsTable {
  category_id: number;
  language: string;
  name: string;
  description: string | null;
}

export interface EcommerceTagsTable {
  id: Id;
  slug: string;
  name: string;
  color: string | null;
}

export interface EcommercePlatformsTable {
  id: Id;
  slug: string;
  name: string;
  /** marketplace | shop_builder | short_video | social | regional | other */
  kind: string;
  region: string | null;
  website_url: string | null;
  sort_order: Generated<number>;
}

export interface EcommerceFiltersTable {
  id: Id;
  slug: string;
  name: string;
  sort_order: Generated<number>;
}

export interface EcommerceToolsTable {
  id: Id;
  slug: string;
  name: string;
  description: string | null;
  image_url: string | null;
  image_webp_url: string | null;
  brand_color: string | null;
  website_url: string | null;
  pricing: string;
  features: JsonText;
  pros: JsonText;
  cons: JsonText;
  rating: Generated<number>;
  review_count: Generated<number>;
  is_featured: Generated<Flag>;
  is_popular: Generated<Flag>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Imported figures and users' sums, as for tools (migration 0022). */
  base_rating: Generated<number>;
  base_review_count: Generated<number>;
  user_rating_sum: Generated<number>;
  user_rating_count: Generated<number>;
  /** `published` or `hidden`, and when an administrator marked it discontinued (migration 0025). */
  status: Generated<string>;
  discontinued_at: Generated<string | null>;
}

export interface EcommerceToolTranslationsTable {
  tool_id: number;
  language: string;
  name: string | null;
  description: string | null;
  features: JsonText;
  pros: JsonText;
  cons: JsonText;
}

export interface EcommerceToolCategoriesTable { tool_id: number; category_id: number }
export interface EcommerceToolTagsTable { tool_id: number; tag_id: number }
export interface EcommerceToolPlatformsTable { tool_id: number; platform_id: number }
export interface EcommerceToolFiltersTable { tool_id: number; filter_id: number }

export interface FavoritesTable { id: Id; user_id: string; tool_id: number; created_at: CreatedAt }
export interface EcommerceFavoritesTable { id: Id; user_id: string; tool_id: number; created_at: CreatedAt }
export interface CaseStudyFavoritesTable { id: Id; user_id: string; case_study_id: number; created_at: CreatedAt }

export interface RatingsTable {
  id: Id;
  user_id: string;
  tool_id: number;
  rating: number;
  /** 1 while the star is in the tool's figures; 0 while its review waits for approval or is hidden (migration 0022). */
  counted: Generated<Flag>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SubmissionsTable {
  id: Id;
  user_id: string;
  /** submit | update */
  type: string;
  slug: string;
  /** pending | approved | rejected */
  status: Generated<string>;
  notes: string | null;
  payload: JsonText;
  tool_id: number | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AdSubmissionsTable {
  id: Id;
  user_id: string;
  tool_name: string;
  website_url: string | null;
  description: string | null;
  budget: string | null;
  contact_email: string | null;
  contact_platform: string | null;
  contact_handle: string | null;
  status: Generated<string>;
  /** Interface language the request was made in (the decision mail's language). */
  language: Generated<string>;
  notes: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserRolesTable { id: Id; user_id: string; role: string; created_at: CreatedAt }

export interface ProfilesTable {
  user_id: string;
  display_name: string | null;
  avatar_url: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PageViewsTable {
  id: Id;
  path: string;
  language: string;
  user_id: string | null;
  referrer: string | null;
  created_at: CreatedAt;
  /** Hash of the day's salt, address and user agent (migration 0014): no cookie, not linkable across days. */
  visitor_hash: string | null;
  tool_slug: string | null;
  referrer_host: string | null;
  /** desktop | mobile | tablet */
  device: string | null;
}

/** Last good list of a trending source (`app/.server/trends/`). */
export interface TrendSnapshotsTable {
  source: string;
  /** JSON list, null until a fetch has succeeded. */
  items: string | null;
  fetched_at: string | null;
  attempted_at: string;
  last_error: string | null;
}

/** Who runs a background job now; `expires_at` in milliseconds since the epoch. */
export interface BackgroundLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** Counters instances read to notice each other's writes (`catalog`: see tools/cache.ts). */
export interface SharedRevisionsTable {
  name: string;
  revision: number;
}

/** The tools one count-up of the tools' revision changed (decision 0040); none for a change that names no tools. */
export interface ToolChangesTable {
  revision: number;
  tool_id: number;
}

/** One random salt per UTC day (YYYY-MM-DD) for visitor hashes; old days are deleted. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** Page views and distinct visitors per day and dimension value (`app/.server/analytics/rollups.ts`). */
export interface PageViewDailyTable {
  day: string;
  /** total | path | tool | language | referrer | device */
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

/** Fixed-window rate-limit counters (`app/.server/rate-limit.ts`). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  window_start: number;
}

/** Append-only record of administrator actions (migration 0012). */
export interface AdminAuditLogTable {
  id: Id;
  actor_id: string;
  actor_email: string | null;
  /** e.g. submission.approve, submission.reject, ad.approve, tools.order */
  action: string;
  /** submission | ad_submission | tool */
  entity_type: string;
  entity_id: string;
  /** JSON object: field -> { before, after }. */
  changes: Generated<JsonText>;
  note: string | null;
  created_at: Timestamp;
}

/** One group of words search treats as the same (migration 0015, `seed/catalog/synonyms.json`). */
export interface SearchSynonymsTable {
  id: Id;
  /** JSON list of words. */
  terms: JsonText;
  updated_at: Timestamp;
}

/** Makers and sponsored places (migration 0023, decision 0032). */
export interface ToolClaimsTable {
  id: Id;
  tool_id: number;
  user_id: string;
  /** meta | file | email */
  method: string;
  token: string;
  email: string | null;
  /** pending | verified | disputed | rejected | revoked */
  status: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
}

export interface ToolVisitsDailyTable {
  tool_id: number;
  day: string;
  /** website | badge */
  source: string;
  visits: number;
}

export interface SponsoredPlacementsTable {
  id: Id;
  ad_submission_id: number;
  user_id: string;
  tool_id: number;
  /** home | category | search */
  slot: string;
  category_slug: string | null;
  starts_on: string;
  ends_on: string;
  /** JSON list of interface languages. */
  languages: JsonText;
  /** scheduled | cancelled */
  status: Generated<string>;
  paid_at: Timestamp | null;
  paid_by: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SponsoredDailyTable {
  placement_id: number;
  day: string;
  impressions: number;
  clicks: number;
}

/** better-auth's core tables (camelCase columns are better-auth's own naming). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | number | undefined, boolean | number>;
  /** Last sign-in method: email, google, github, wechat, douyin. */
  lastLoginMethod: string | null;
}

/** better-auth account rows (one per user and sign-in provider). */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  refreshTokenExpiresAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  scope: string | null;
  password: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

export interface SessionTable {
  id: string;
  expiresAt: ColumnType<Date | string, Date | string, Date | string>;
  token: string;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
  ipAddress: string | null;
  userId: string;
  userAgent: string | null;
}

// ---------- What tools offer (migration 0021) ----------

/** One optional row per tool; null in any column: the catalogue does not say (shown as "not stated"). */
export interface ToolOffersTable {
  tool_id: number;
  free_plan: Flag | null;
  free_trial: Flag | null;
  /** The lowest paid plan per month, in `price_currency`. */
  price_from: number | null;
  price_currency: string | null;
  open_source: Flag | null;
  api: Flag | null;
  /** JSON list of platform codes (`app/lib/offers.ts`). */
  platforms: JsonText | null;
  /** JSON list of BCP 47 codes. */
  interface_languages: JsonText | null;
}

export interface EcommerceToolOffersTable extends ToolOffersTable {
  /** JSON list of marketplace codes (`amazon-jp`, `shopee`, ...). */
  marketplaces: JsonText | null;
  chinese_interface: Flag | null;
  alipay_wechat_pay: Flag | null;
  works_without_vpn: Flag | null;
}

// Reviews, reports and link health (migration 0022).
export interface EcommerceRatingsTable { id: Id; user_id: string; tool_id: number; rating: number; counted: Generated<Flag>; created_at: string; updated_at: string }
export interface ReviewsTable {
  id: Id;
  user_id: string;
  /** tool | ecommerce_tool */
  subject: string;
  subject_id: number;
  title: string;
  body: string;
  language: string;
  /** pending | published | hidden */
  status: string;
  helpful_count: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface ReviewVotesTable { review_id: number; user_id: string; created_at: string }
export interface ReportsTable {
  id: Id;
  /** tool | ecommerce_tool | case_study | review */
  subject: string;
  subject_id: number;
  reason: string;
  details: Generated<string>;
  reporter: string;
  /** open | dismissed | resolved */
  status: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}
export interface LinkChecksTable {
  id: Id;
  subject: string;
  subject_id: number;
  url: string;
  ok: Flag;
  status: number | null;
  final_url: string | null;
  error: string | null;
  duration_ms: number;
  checked_at: string;
}

/** Keys of the public read API (migration 0024): only the hash of a key is stored. */
export interface ApiKeysTable {
  id: Id;
  user_id: string;
  name: string;
  key_hash: string;
  /** The key's first characters, shown on the dashboard to tell keys apart. */
  key_prefix: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** Newsletter subscribers (migration 0024): double opt-in, one token for every link mailed to them. */
export interface NewsletterSubscribersTable {
  id: Id;
  email: string;
  language: string;
  /** pending | active | unsubscribed */
  status: string;
  token: string;
  /** footer | submission | preferences */
  source: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
}

/** One weekly digest per language (migration 0024). */
export interface NewsletterIssuesTable {
  id: Id;
  language: string;
  week: string;
  subject: string;
  content: JsonText;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** One row per subscriber and issue: claimed before the mail leaves, sent once the SMTP server accepted it. */
export interface NewsletterSendsTable {
  issue_id: number;
  subscriber_id: number;
  /** claimed | sent | failed */
  status: string;
  claimed_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
}

export interface Database {
  categories: CategoriesTable;
  category_translations: CategoryTranslationsTable;
  tools: ToolsTable;
  tool_translations: ToolTranslationsTable;
  tool_categories: ToolCategoriesTable;
  case_studies: CaseStudiesTable;
  case_study_translations: CaseStudyTranslationsTable;
  ecommerce_categories: EcommerceCategoriesTable;
  ecommerce_category_translations: EcommerceCategoryTranslationsTable;
  ecommerce_tags: EcommerceTagsTable;
  ecommerce_platforms: EcommercePlatformsTable;
  ecommerce_filters: EcommerceFiltersTable;
  ecommerce_tools: EcommerceToolsTable;
  ecommerce_tool_translations: EcommerceToolTranslationsTable;
  ecommerce_tool_categories: EcommerceToolCategoriesTable;
  ecommerce_tool_tags: EcommerceToolTagsTable;
  ecommerce_tool_platforms: EcommerceToolPlatformsTable;
  ecommerce_tool_filters: EcommerceToolFiltersTable;
  favorites: FavoritesTable;
  ecommerce_favorites: EcommerceFavoritesTable;
  case_study_favorites: CaseStudyFavoritesTable;
  ratings: RatingsTable;
  submissions: SubmissionsTable;
  ad_submissions: AdSubmissionsTable;
  user_roles: UserRolesTable;
  profiles: ProfilesTable;
  page_views: PageViewsTable;
  rate_limits: RateLimitsTable;
  admin_audit_log: AdminAuditLogTable;
  trend_snapshots: TrendSnapshotsTable;
  background_leases: BackgroundLeasesTable;
  analytics_salts: AnalyticsSaltsTable;
  page_view_daily: PageViewDailyTable;
  search_synonyms: SearchSynonymsTable;
  shared_revisions: SharedRevisionsTable;
  tool_changes: ToolChangesTable;
  tool_claims: ToolClaimsTable;
  tool_visits_daily: ToolVisitsDailyTable;
  sponsored_placements: SponsoredPlacementsTable;
  sponsored_daily: SponsoredDailyTable;
  tool_offers: ToolOffersTable;
  ecommerce_tool_offers: EcommerceToolOffersTable;
  user: UserTable;
  account: AccountTable;
  session: SessionTable;
  ecommerce_ratings: EcommerceRatingsTable;
  reviews: ReviewsTable;
  review_votes: ReviewVotesTable;
  reports: ReportsTable;
  link_checks: LinkChecksTable;
  api_keys: ApiKeysTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_sends: NewsletterSendsTable;
}

export type Tool = Selectable<ToolsTable>;
export type NewTool = Insertable<ToolsTable>;
export type ToolUpdate = Updateable<ToolsTable>;
export type ToolTranslation = Selectable<ToolTranslationsTable>;
export type Category = Selectable<CategoriesTable>;

// ---------- migration 0020: e-commerce brand marks, website screenshots ----------
// Declared as additions to the tables above (interface merging) so this block stays on its own.

export interface EcommerceToolsTable {
  /** JSON `{source, icon, license}` as `tools.brand_icon`; null: initials. */
  brand_icon: Generated<string | null>;
}

export interface ToolsTable {
  /** The tool's website captured at 1280x800 (PNG and WebP in the configured storage); null: none yet. */
  screenshot_url: Generated<string | null>;
  screenshot_webp_url: Generated<string | null>;
  /** ISO time of the capture. */
  screenshot_taken_at: Generated<string | null>;
}

/** The latest capture of each website by its comparison key (`websiteKey`), listed or not. */
export interface SiteScreenshotsTable {
  url_key: string;
  website_url: string;
  png_url: string;
  webp_url: string;
  taken_at: string;
}

export interface Database {
  site_screenshots: SiteScreenshotsTable;
}
