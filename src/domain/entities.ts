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
  createdAt: string;
}

export interface Beat {
  id: number;
  name: string;
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
  author: StoryAuthor;
  beat: { id: number; name: string } | null;
}

/** A reporter's own figures for the dashboard's "Your Stats". */
export interface ReporterFigures {
  publishedStories: number;
  draftStories: number;
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
