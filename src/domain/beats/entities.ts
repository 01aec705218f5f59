/** Beats: the sections the newsroom covers (docs/product/api.md). */

export interface Beat {
  id: number;
  name: string;
  /** Made from the name by the story slug rule; unique; the beat page is /beat/{slug}. */
  slug: string;
  description: string | null;
  createdAt: string;
}
