import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { Story } from '../../../domain/story/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import { escapeHtml } from '../../../contract/escape-html.ts';
import { myFiguresQuery } from '../figures-queries.ts';
import { storyQueries } from '../../api/story-queries.ts';
import { createStory } from '../story-api.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { ACCEPTED_MEDIA, mediaKind, type MediaKind } from './accepted-media.ts';
import { titleFromFileName } from './file-title.ts';
import { uploadStoryMedia } from './upload-story-media.ts';
import { UploadError, uploadFile } from './upload-file.ts';

type UploadState =
  | { step: 'idle' }
  | { step: 'uploading'; file: File; kind: MediaKind; progress: number }
  | { step: 'done'; story: Story; kind: MediaKind }
  | { step: 'failed'; file: File; kind: MediaKind; reason?: string };

/** The server's own words about a refused upload (wrong type, too large), when it gave any. */
function refusal(error: unknown): string | undefined {
  const body = error instanceof UploadError ? (error.body as { error?: { message?: unknown } } | null) : null;
  return typeof body?.error?.message === 'string' ? body.error.message : undefined;
}

/**
 * Uploads the file and returns the draft story holding it, titled after the file until the
 * reporter renames it. A video's draft is made by the upload itself (docs/api/uploads.md); an
 * image's is created here, with the image as its featured image and its content.
 */
async function uploadAsDraft(
  file: File,
  kind: MediaKind,
  user: User,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Story> {
  const title = (titleFromFileName(file.name) || (kind === 'image' ? 'Untitled image' : 'Untitled video')).slice(0, 255);
  if (kind === 'video') {
    const stored = await uploadFile(file, {
      kind,
      signal,
      fields: { title, description: 'Draft created from an uploaded video.' },
      onProgress: ({ loaded, total }) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0),
    });
    if (!stored.story) throw new Error('The video was stored but no draft story was made');
    return stored.story;
  }
  const { url } = await uploadStoryMedia(file, { onProgress, signal });
  return createStory({
    title,
    slug: '',
    description: 'Draft created from an uploaded image.',
    // No alt text until the reporter writes one in the editor: a file's name describes nothing.
    content: `<img src="${escapeHtml(url)}" alt="">`,
    beatId: null,
    status: 'draft',
    isFeatured: false,
    featuredImageUrl: url,
    videoUrl: null,
    authorId: user.id,
  });
}

/**
 * The Upload tab: drop or choose one image or video (docs/product/rules.md#validation's types, react-dropzone's
 * messages), watch it upload, and get a draft story holding it.
 */
export function UploadPanel({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    const kind = mediaKind(file);
    if (!kind) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'uploading', file, kind, progress: 0 });
    try {
      const onProgress = (progress: number) => setState((current) => (current.step === 'uploading' ? { ...current, progress } : current));
      const story = await uploadAsDraft(file, kind, user, onProgress, controller.signal);
      setState({ step: 'done', story, kind });
      toast({
        title: 'Success',
        description: kind === 'image' ? 'Image uploaded successfully' : 'Video uploaded successfully',
        variant: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries(storyQueries),
        queryClient.invalidateQueries({ queryKey: myFiguresQuery().queryKey }),
      ]);
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = refusal(error);
      setState({ step: 'failed', file, kind, reason });
      toast({
        title: 'Error',
        description: kind === 'image' ? 'Failed to upload image' : 'Failed to upload video',
        variant: 'destructive',
      });
    }
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: ACCEPTED_MEDIA,
    multiple: false,
    noClick: true,
    disabled: state.step === 'uploading',
    onDrop: (accepted, rejected) => {
      setRejections(rejected);
      const file = accepted[0];
      if (file) void start(file);
    },
  });

  return (
    <section aria-labelledby="upload-title">
      <h2 className="panel-title" id="upload-title">
        Upload Media
      </h2>
      <p className="muted">Upload an image or a video; it becomes a draft story you can finish in the editor.</p>
      <div {...getRootProps({ className: `dropzone${isDragActive ? ' is-dragging' : ''}` })}>
        <input {...getInputProps({ 'aria-label': 'Choose an image or video file' })} />
        <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        <h3 className="dropzone-title">{isDragActive ? 'Drop the file here' : 'Drag and drop a file here'}</h3>
        <p className="muted small">Images: PNG, JPG, JPEG, GIF, WEBP · Videos: MP4, WEBM, MOV, AVI</p>
        <button type="button" className="button button-secondary" onClick={open} disabled={state.step === 'uploading'}>
          Choose File
        </button>
      </div>

      {rejections.length > 0 ? (
        <ul className="upload-errors" role="alert">
          {rejections.map(({ file, errors }) => (
            <li key={file.name}>
              <strong>{file.name}</strong>: {errors.map((error) => error.message).join('; ')}
            </li>
          ))}
        </ul>
      ) : null}

      {state.step === 'uploading' ? (
        <div className="upload-progress" role="status">
          <p>
            Uploading <strong>{state.file.name}</strong> ({Math.round(state.progress * 100)}%)
          </p>
          <progress max={100} value={Math.round(state.progress * 100)} aria-label={`Uploading ${state.file.name}`} />
          <button
            type="button"
            className="link-button"
            onClick={() => {
              abort.current?.abort();
              setState({ step: 'idle' });
            }}
          >
            Cancel upload
          </button>
        </div>
      ) : null}

      {state.step === 'done' ? (
        <div className="notice notice-success" role="status">
          <p className="notice-title">{state.kind === 'image' ? 'Image uploaded' : 'Video uploaded'}</p>
          <p>A draft story “{state.story.title}” now holds it. Add a headline, description and text before publishing.</p>
          <div className="notice-actions">
            <Link to="/edit/$id" params={{ id: String(state.story.id) }} className="button button-primary button-small">
              Open in Editor
            </Link>
            <button type="button" className="button button-secondary button-small" onClick={() => setState({ step: 'idle' })}>
              Upload another
            </button>
          </div>
        </div>
      ) : null}

      {state.step === 'failed' ? (
        <div className="notice notice-danger" role="alert">
          <p className="notice-title">{state.kind === 'image' ? 'Failed to upload image' : 'Failed to upload video'}</p>
          {state.reason ? <p>{state.reason}</p> : null}
          <div className="notice-actions">
            <button type="button" className="button button-primary button-small" onClick={() => void start(state.file)}>
              Try again
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
