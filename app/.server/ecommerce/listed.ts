import { sql } from "kysely";

/**
 * E-commerce tools that lists, search, feeds, the sitemap and the alternatives pages show: published and not
 * discontinued (decision 0035). A discontinued one keeps its page (`noindex`); a hidden one answers 410.
 */
export const LISTED_ECOMMERCE_SQL = sql<boolean>`status = 'published' and discontinued_at is null`;
