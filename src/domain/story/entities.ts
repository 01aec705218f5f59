import type { StoryStatus, StoryFormat, Coverage } from './story.ts';
import type { StoryAccess } from '../members/access.ts';

/** Stories, as the newsroom keeps them and the API shows them (docs/product/api.md). */

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
  /** The picture's alt text, caption and credit (docs/product/api-pictures.md): plain text, each optional. */
  featuredImageAlt: string | null;
  featuredImageCaption: string | null;
  featuredImageCredit: string | null;
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
  /** Who may read it whole (docs/product/api.md, "Members and reader revenue"; decision 090); staff always do. */
  access: StoryAccess;
}

/** A story's beat as stories and search results name it. */
export interface BeatRef {
  id: number;
  name: string;
  slug: string;
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
  featuredImageAlt: string | null;
  featuredImageCaption: string | null;
  featuredImageCredit: string | null;
}
