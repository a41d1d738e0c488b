// Types of verify.mjs for the TypeScript tests of its checks.
export interface LoggedWrite {
  user: string;
  kind: string;
  key: string;
  value: string;
  status: number;
  outcome: "acked" | "refused" | "unknown";
}
export interface LoggedDecision {
  target: "submission" | "ad";
  id: number;
  decision: "approved" | "rejected";
  status: number;
  outcome: "acked" | "refused" | "unknown";
  toolSlug: string | null;
}
export interface State {
  tools: Array<{ id: number; slug: string; status: string; base_rating: number; base_review_count: number; user_rating_sum: number; user_rating_count: number; favorite_count: number; rating: number; review_count: number }>;
  ratings: Array<{ email: string | null; tool_id: number; slug: string | null; rating: number; counted?: number }>;
  favorites: Array<{ email: string | null; tool_id: number; slug: string | null }>;
  submissions: Array<{ id: number; email: string | null; type: string; status: string; payload: string; tool_id: number | null; tool_slug: string | null; tool_status: string | null }>;
  ads: Array<{ id: number; email: string | null; tool_name: string; status: string }>;
  audit: Array<{ entity_type: string; entity_id: string }>;
}
export function checkWrites(ops: LoggedWrite[], state: State, emails?: Set<string>): { keys: number; lostWrites: number; phantomWrites: number; samples: string[] };
export function checkDecisions(
  decisions: LoggedDecision[],
  state: State,
  emails: Set<string>,
): { acknowledged: number; approvedPublished: number; lostDecisions: number; doubleDecisions: number; unpublishedApprovals: number; phantomDecisions: number; samples: string[] };
export function checkAggregates(state: State): { tools: number; ratedTools: number; ratings: number; favorites: number; wrongRatingSums: number; inexactAggregates: number; wrongFavoriteCounts: number; samples: string[] };
