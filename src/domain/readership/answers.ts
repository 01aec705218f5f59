/** The staff dashboard's figures (GET /api/analytics/dashboard and /me/figures). */

/** A reporter's own figures for the dashboard's "Your Stats". */
export interface ReporterFigures {
  publishedStories: number;
  draftStories: number;
  inReviewStories: number;
  scheduledStories: number;
  liveStreams: number;
  totalViews: number;
  beats: { id: number; name: string }[];
}

export interface DashboardFigures {
  activeReporters: number;
  storiesThisWeek: number;
  liveStreams: number;
  totalViews: number;
}
