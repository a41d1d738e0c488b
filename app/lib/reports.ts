/** What can be reported (issue 34), and the tabs of the administrators' queue: waiting reviews, then each kind. */
export const REPORT_SUBJECTS = ["tool", "ecommerce_tool", "case_study", "review"] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const QUEUE_TABS = ["pending", ...REPORT_SUBJECTS] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];
