import { VIDEO_CATEGORIES, type VideoCategory } from '../../../domain/media/schemas.ts';

/** docs/product/rules.md#limits-and-constants: the recorder's categories and how they read. */
export const VIDEO_CATEGORY_LABELS: Record<VideoCategory, string> = {
  breaking: 'Breaking News',
  politics: 'Politics',
  local: 'Local News',
  investigation: 'Investigation',
};

export const VIDEO_CATEGORY_OPTIONS = VIDEO_CATEGORIES.map((value) => ({ value, label: VIDEO_CATEGORY_LABELS[value] }));
