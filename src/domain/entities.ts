import type { Coverage, StoryFormat } from './liveblog.ts';
import type { Role } from './roles.ts';
import type { StoryStatus } from './story.ts';

/** What the API says about a user: never a password or its hash. */
export interface User {
  id: number;
  username: string;
  email: string;
  role: Role;
  isActive: boolean;
  firstName: string | null;
  lastName: string | null;
  /** A short plain-text bio for the author page (at most 500 characters), or null. */
  bio: string | null;
  createdAt: string;
}

export interface Beat {
  id: number;
  name: string;
  /** Made from the name by the story slug rule; unique; the beat page is /beat/{slug}. */
  slug: string;
  description: string | null;
  createdAt: string;
}

export interface StoryAuthor {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
}

export interface Story {
  id: number;
  title: string;
  slug: string;
  description: string;
  content: string;
  authorId: number;
  beatId: number | null;
  status: StoryStatus;
  isLive: boolean;
  isFeatured: boolean;
  featuredImageUrl: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  attachments: string[];
  views: number;
  version: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** When a scheduled story goes out, or the time its author asks for while it is in review. */
  publishAt: string | null;
  /** An admin's note from a review that sent the story back; only its author and admins see it. */
  reviewNote: string | null;
  /** When the story entered review (the queue is oldest first); only its author and admins see it. */
  submittedAt: string | null;
  /** Oldest first; public on a published story. */
  corrections: Correction[];
  author: StoryAuthor;
  beat: BeatRef | null;
  /** An article, or a live blog (docs/product/api-liveblogs.md); chosen when the story is created. */
  format: StoryFormat;
  /** A live blog's coverage, live or ended; null for an article. */
  coverage: Coverage | null;
  /** When a live blog's coverage ended (null while it is live, and for an article). */
  coverageEndedAt: string | null;
}

/** One update of a live blog (docs/product/api-liveblogs.md). `body` is sanitised HTML. */
export interface LiveBlogUpdate {
  id: number;
  body: string;
  author: StoryAuthor;
  keyEvent: boolean;
  pinned: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A page of a live blog's feed: updates newest first, and the cursor to ask for what changed after
 * it. With `after`, also the ids of updates deleted since (`deleted`). `more` says that older
 * updates exist (first and older pages) or that more changes wait (with `after`).
 */
export interface LiveBlogFeed {
  updates: LiveBlogUpdate[];
  cursor: string;
  deleted?: number[];
  more: boolean;
  coverage: Coverage;
}

/** A story's beat as stories and search results name it. */
export interface BeatRef {
  id: number;
  name: string;
  slug: string;
}

/** One search result (docs/product/api.md, "Finding the news"); `status` matters to staff searches. */
export interface SearchHit {
  id: number;
  slug: string;
  title: string;
  description: string;
  snippet: string;
  status: StoryStatus;
  publishedAt: string | null;
  author: StoryAuthor;
  beat: BeatRef | null;
}

/** A public, permanent note saying what a published story got wrong (docs/product/api.md). */
export interface Correction {
  id: number;
  note: string;
  createdAt: string;
}

/** One entry of a story's history: who saved which version when. */
export interface StoryRevisionSummary {
  id: number;
  version: number;
  title: string;
  status: StoryStatus;
  editor: StoryAuthor;
  createdAt: string;
}

/** A revision with the text it kept. */
export interface StoryRevision extends StoryRevisionSummary {
  description: string;
  content: string;
  slug: string;
  videoUrl: string | null;
  featuredImageUrl: string | null;
}

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

/** A live stream as its reporter and admins see it (docs/product/api.md#live-streams). */
export interface LiveStream {
  id: number;
  storyId: number;
  streamKey: string;
  isActive: boolean;
  viewers: number;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
}

/** What anyone may see of a stream that is on air: no stream key, plus its story's slug and title. */
export interface ActiveLiveStream extends Omit<LiveStream, 'streamKey'> {
  slug: string;
  title: string;
}

export type UploadSessionStatus = 'open' | 'completed' | 'aborted';

/** A resumable upload (docs/api/uploads.md). */
export interface UploadSession {
  id: string;
  ownerId: number;
  kind: 'image' | 'video';
  filename: string | null;
  size: number;
  partSize: number;
  partCount: number;
  status: UploadSessionStatus;
  /** Known once part 1 has arrived and decided the type. */
  objectKey: string | null;
  r2UploadId: string | null;
  contentType: string | null;
  storyId: number | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export interface UploadSessionPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** The answer to an upload (docs/product/api.md#media): where the file is served, and the story it made or changed. */
export interface StoredMedia {
  url: string;
  key: string;
  contentType: string;
  size: number;
  story?: Story;
}

/** A resumable upload as its owner sees it (docs/api/uploads.md). */
export interface UploadSessionView {
  uploadId: string;
  kind: UploadSession['kind'];
  filename: string | null;
  size: number;
  partSize: number;
  partCount: number;
  status: UploadSessionStatus;
  key: string | null;
  contentType: string | null;
  uploadedParts: number[];
  missingParts: number[];
  expiresAt: string;
}
