import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import type { EditorProps } from '@tiptap/pm/view';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ACCEPTED_MEDIA, mediaKind, type MediaKind, type UploadMedia } from '../../uploads/accepted-media.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { PictureDialog, type PictureWords } from './picture-dialog.tsx';
import { describePicture, removePicture } from './picture-words.ts';
import { storyExtensions } from './story-extensions.ts';
import { adoptDomSelection } from './dom-selection.ts';
import { addPlaceholder, placeholderPosition, removePlaceholder } from './upload-placeholders.ts';
import './editor.css';

export const DROP_OVERLAY_TEXT = 'Drop images or videos here';
export const EDITOR_TIP =
  'Tip: Drag and drop images or videos directly into the editor, or use the toolbar buttons for links and YouTube videos.';

export interface UploadOutcome {
  kind: MediaKind;
  ok: boolean;
  fileName: string;
}

export interface StoryEditorProps {
  /** HTML to start from; read once, when the editor mounts (a new document needs a new key). */
  initialContent: string;
  /** Every change: the HTML to save, and whether it shows nothing at all. */
  onChange: (html: string, isEmpty: boolean) => void;
  /** The editor's own rendering of initialContent, once mounted: the baseline for "unsaved changes". */
  onReady?: (html: string, isEmpty: boolean) => void;
  uploadMedia: UploadMedia;
  onUploadSettled?: (outcome: UploadOutcome) => void;
  /** How many dropped files are still uploading (their media is not in the HTML yet). */
  onPendingUploadsChange?: (count: number) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** The live desk's composer: a shorter editor with the compact toolbar (marks, lists, link, YouTube, undo). */
  compact?: boolean;
  placeholder?: string;
  /** Ctrl+Enter (Cmd+Enter on a Mac): the composer posts. */
  onSubmitShortcut?: () => void;
}

/**
 * The story's rich-text editor (docs/product/screens.md): toolbar, Markdown-style shortcuts, and images
 * or videos dropped into the text, uploaded with their progress shown where they will land.
 */
export function StoryEditor(props: StoryEditorProps) {
  const { initialContent, labelledBy, describedBy, invalid, compact } = props;
  const callbacks = useRef(props);
  callbacks.current = props;
  const [notice, setNotice] = useState<string | null>(null);
  // Pictures waiting for their words, one dialog at a time: the first is open. `dropped`: just uploaded (Remove is offered).
  const [describing, setDescribing] = useState<({ src: string; dropped: boolean } & PictureWords)[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef(0);
  const aborts = useRef(new Set<AbortController>());
  const editorId = useId();
  const tipId = useId();

  // Options that stay the same from render to render: useEditor re-applies changed options to the
  // view, and each time ProseMirror redraws and writes its selection back into the page
  // (docs/decisions/028-the-editor-owns-its-document.md). Only the ARIA state changes them.
  const [extensions] = useState(() => storyExtensions(props.placeholder));
  const editorProps = useMemo<EditorProps>(
    () => ({
      attributes: {
        id: editorId,
        class: compact ? 'story-content prose-editor prose-editor-compact' : 'story-content prose-editor',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        'aria-describedby': [describedBy, tipId].filter(Boolean).join(' '),
        'aria-invalid': invalid ? 'true' : 'false',
      },
      // A key ProseMirror handles itself acts on the selection the reporter sees, even one the browser moved an instant ago.
      handleKeyDown: (view, event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && callbacks.current.onSubmitShortcut) {
          callbacks.current.onSubmitShortcut();
          return true;
        }
        adoptDomSelection(view);
        return false;
      },
      // Files are the drop zone's business (below); ProseMirror only moves text and nodes.
      handleDrop: (_view, event) => (event.dataTransfer?.files.length ?? 0) > 0,
      handlePaste: (view, event) => {
        if ((event.clipboardData?.files.length ?? 0) > 0) return true;
        adoptDomSelection(view);
        return false;
      },
    }),
    [editorId, labelledBy, describedBy, tipId, invalid, compact],
  );

  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps,
    onCreate: ({ editor: e }) => callbacks.current.onReady?.(e.getHTML(), e.isEmpty),
    onUpdate: ({ editor: e }) => callbacks.current.onChange(e.getHTML(), e.isEmpty),
  });

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const nextPicture = () => {
    setDescribing((queue) => queue.slice(1));
    editor.commands.focus();
  };

  const setPending = (delta: number) => {
    pending.current += delta;
    callbacks.current.onPendingUploadsChange?.(pending.current);
  };

  const uploadAt = async (file: File, kind: MediaKind, pos: number) => {
    const id = crypto.randomUUID();
    const { element, progress } = placeholderElement(file.name, kind);
    editor.view.dispatch(addPlaceholder(editor.state.tr, id, pos, element));
    const controller = new AbortController();
    aborts.current.add(controller);
    setPending(1);
    setAnnouncement(`Uploading ${file.name}`);
    try {
      const { url } = await callbacks.current.uploadMedia(file, {
        signal: controller.signal,
        onProgress: (fraction) => {
          progress.value = Math.round(fraction * 100);
        },
      });
      if (editor.isDestroyed) return;
      const at = placeholderPosition(editor.state, id) ?? editor.state.selection.to;
      editor.view.dispatch(removePlaceholder(editor.state.tr, id));
      // A picture goes in with no alt text (a file's name describes nothing) and its dialog asks for one.
      const node =
        kind === 'image' ? { type: 'figure', attrs: { src: url, alt: '', caption: '' } } : { type: 'video', attrs: { src: url } };
      editor.chain().insertContentAt(at, node).run();
      if (kind === 'image') setDescribing((queue) => [...queue, { src: url, alt: '', caption: '', dropped: true }]);
      setAnnouncement(`${file.name} uploaded`);
      callbacks.current.onUploadSettled?.({ kind, ok: true, fileName: file.name });
    } catch {
      if (editor.isDestroyed || controller.signal.aborted) return;
      editor.view.dispatch(removePlaceholder(editor.state.tr, id));
      setAnnouncement(`${file.name} could not be uploaded`);
      callbacks.current.onUploadSettled?.({ kind, ok: false, fileName: file.name });
    } finally {
      aborts.current.delete(controller);
      if (!controller.signal.aborted) setPending(-1);
    }
  };

  const onDrop = (accepted: File[], rejections: FileRejection[], event: unknown) => {
    setNotice(rejections.length > 0 ? rejectionText(rejections) : null);
    const pos = dropPosition(editor, event);
    for (const file of accepted) {
      const kind = mediaKind(file);
      if (kind) void uploadAt(file, kind, pos);
    }
  };

  const { getRootProps, isDragActive } = useDropzone({
    accept: ACCEPTED_MEDIA,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    onDrop,
  });

  return (
    <div className={invalid ? 'rich-editor is-invalid' : 'rich-editor'}>
      <EditorToolbar
        editor={editor}
        onDescribePicture={(picture) => setDescribing((queue) => [...queue, { ...picture, dropped: false }])}
        compact={compact}
      />
      <div {...getRootProps({ className: isDragActive ? 'editor-drop-area is-dragging' : 'editor-drop-area' })}>
        <EditorContent editor={editor} />
        {isDragActive ? (
          <div className="editor-drop-overlay" aria-hidden="true">
            <span>{DROP_OVERLAY_TEXT}</span>
          </div>
        ) : null}
      </div>
      {notice ? (
        <div className="editor-notice" role="alert">
          <p>{notice}</p>
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <PictureDialog
        picture={describing[0] ?? null}
        onSave={(words) => {
          describePicture(editor, describing[0]!.src, words);
          nextPicture();
        }}
        onRemove={
          describing[0]?.dropped
            ? () => {
                removePicture(editor, describing[0]!.src);
                nextPicture();
              }
            : undefined
        }
        onClose={nextPicture}
      />
      <p id={tipId} className="editor-tip">
        {EDITOR_TIP}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** Where in the document a drop landed; the cursor for anything that is not a drop (paste). */
function dropPosition(editor: Editor, event: unknown): number {
  if (event && typeof event === 'object' && 'clientX' in event && 'clientY' in event) {
    const { clientX, clientY } = event as { clientX: number; clientY: number };
    const found = editor.view.posAtCoords({ left: clientX, top: clientY });
    if (found) return found.pos;
  }
  return editor.state.selection.to;
}

function rejectionText(rejections: FileRejection[]): string {
  return rejections.map(({ file, errors }) => `${file.name}: ${errors.map((e) => e.message).join('; ')}`).join('\n');
}

function placeholderElement(fileName: string, kind: MediaKind): { element: HTMLElement; progress: HTMLProgressElement } {
  const element = document.createElement('span');
  element.className = 'upload-placeholder';
  element.setAttribute('contenteditable', 'false');
  element.dataset.kind = kind;
  const label = document.createElement('span');
  label.className = 'upload-placeholder-label';
  label.textContent = `Uploading ${kind} ${fileName}`;
  const progress = document.createElement('progress');
  progress.max = 100;
  progress.value = 0;
  progress.setAttribute('aria-label', `Uploading ${fileName}`);
  element.append(label, progress);
  return { element, progress };
}
