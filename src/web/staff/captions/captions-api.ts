import { queryOptions } from '@tanstack/react-query';
import type { CaptionTrackAnswer } from '../../../domain/captions/entities.ts';
import type { Cue } from '../../../domain/captions/cues.ts';
import { apiRequest } from '../../api/client.ts';

/** The caption desk's calls (docs/product/api-captions.md). */

export type CaptionTrackView = CaptionTrackAnswer;

const base = (storyId: number) => `/api/stories/${storyId}/captions`;

/** The story's tracks (staff: every state, with `error`); read again every few seconds while one is pending. */
export const captionTracksQuery = (storyId: number) =>
  queryOptions({
    queryKey: [base(storyId)] as const,
    queryFn: ({ queryKey }) => apiRequest<CaptionTrackView[]>('GET', queryKey[0]),
    refetchInterval: (query) => (query.state.data?.some((track) => track.state === 'pending') ? 3000 : false),
  });

/** One track with its cues (the cue editor's read). */
export const captionTrackQuery = (storyId: number, trackId: string) =>
  queryOptions({
    queryKey: [`${base(storyId)}/${trackId}`] as const,
    queryFn: ({ queryKey }) => apiRequest<CaptionTrackView>('GET', queryKey[0]),
  });

export function uploadCaptions(storyId: number, upload: { file: File; lang: string; label?: string }): Promise<CaptionTrackView> {
  const form = new FormData();
  form.set('lang', upload.lang);
  if (upload.label) form.set('label', upload.label);
  form.set('file', upload.file);
  return apiRequest<CaptionTrackView>('POST', base(storyId), form);
}

export function saveCaptions(storyId: number, trackId: string, edit: { cues: Cue[]; version: number; reviewed?: boolean }) {
  return apiRequest<CaptionTrackView>('PUT', `${base(storyId)}/${trackId}`, edit);
}

export function deleteCaptions(storyId: number, trackId: string): Promise<unknown> {
  return apiRequest('DELETE', `${base(storyId)}/${trackId}`);
}

export function generateCaptions(storyId: number, lang?: string): Promise<CaptionTrackView> {
  return apiRequest<CaptionTrackView>('POST', `${base(storyId)}/generate`, lang ? { lang } : {});
}
