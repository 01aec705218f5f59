import type { Editor } from '@tiptap/react';
import { PREVIEW_BREAK_LABEL } from './preview-break-node.ts';
import { useEditorState } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { adoptDomSelection } from './dom-selection.ts';
import { LinkDialog, type LinkDialogMode } from './link-dialog.tsx';
import { LINK_PROTOCOLS, parseLinkInput } from './link-input.ts';
import type { PictureWords } from './picture-dialog.tsx';
import { selectedPicture } from './picture-words.ts';
import { icons } from './toolbar-icons.tsx';
import { useRovingTabIndex } from './roving-tab-index.ts';
import { youtubeLink } from './youtube-link.ts';

export const FONT_FAMILIES = ['Arial', 'Georgia', 'Times New Roman', 'Helvetica', 'Courier New'] as const;
const ALIGNMENTS = [
  { value: 'left', label: 'Align left', icon: icons.alignLeft },
  { value: 'center', label: 'Align center', icon: icons.alignCenter },
  { value: 'right', label: 'Align right', icon: icons.alignRight },
  { value: 'justify', label: 'Justify', icon: icons.alignJustify },
] as const;

export const LINK_REFUSED = `That link can't be used. Links must start with ${LINK_PROTOCOLS.join(', ')}.`;
export const YOUTUBE_REFUSED = 'That is not a YouTube video link (youtube.com/watch, youtube.com/shorts or youtu.be).';

interface ToolbarProps {
  editor: Editor;
  /** Opens the picture dialog for the selected picture (its alt text and caption). */
  onDescribePicture: (picture: { src: string } & PictureWords) => void;
  /** The live desk's composer: no font, colour or alignment. */
  compact?: boolean;
}

/**
 * docs/product/screens.md's toolbar: marks, headings and quote, font, colour, alignment, lists,
 * link, YouTube, the selected picture's words, undo, redo (compact: without font, colour and alignment). One tab stop; the arrow keys move
 * between its controls (the WAI-ARIA toolbar pattern). Links and videos are asked for in the app's
 * own dialog.
 */
export function EditorToolbar({ editor, onDescribePicture, compact = false }: ToolbarProps) {
  const toolbar = useRef<HTMLDivElement>(null);
  useRovingTabIndex(toolbar);
  const [asking, setAsking] = useState<{ mode: LinkDialogMode; initial: string } | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      quote: e.isActive('blockquote'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      picture: selectedPicture(e) !== null,
      align: ALIGNMENTS.find((a) => e.isActive({ textAlign: a.value }))?.value ?? 'left',
      fontFamily: (e.getAttributes('textStyle').fontFamily as string | undefined) ?? '',
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const problemWith = (mode: LinkDialogMode, value: string): string | null => {
    if (mode === 'youtube') return youtubeLink(value) ? null : YOUTUBE_REFUSED;
    return parseLinkInput(value).kind === 'invalid' ? LINK_REFUSED : null;
  };

  const applyLink = (mode: LinkDialogMode, value: string) => {
    setAsking(null);
    if (mode === 'youtube') return void editor.chain().focus().setYoutubeVideo(youtubeLink(value)!).run();
    const input = parseLinkInput(value);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (input.kind !== 'link') return void chain.unsetLink().run();
    if (editor.state.selection.empty && !state.link) {
      // Nothing selected: the address itself becomes the linked text.
      return void chain.insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href: input.href } }] }).run();
    }
    chain.setLink({ href: input.href }).run();
  };

  const removeLink = () => {
    setAsking(null);
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
  };

  const closeDialog = () => {
    setAsking(null);
    editor.commands.focus();
  };

  return (
    <>
      <div
        ref={toolbar}
        className="editor-toolbar"
        role="toolbar"
        aria-label="Formatting"
        aria-controls={editor.view.dom.id || undefined}
        onKeyDown={moveFocusWithArrows}
        // Pressed while the editor still has focus: the command acts on the selection the reporter sees.
        onMouseDownCapture={() => adoptDomSelection(editor.view)}
      >
        <div className="toolbar-group">
          <ToolButton label="Bold" shortcut="Ctrl+B" pressed={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
            {icons.bold}
          </ToolButton>
          <ToolButton label="Italic" shortcut="Ctrl+I" pressed={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
            {icons.italic}
          </ToolButton>
          <ToolButton
            label="Underline"
            shortcut="Ctrl+U"
            pressed={state.underline}
            onClick={() => editor.chain().focus().toggleUnderline().run()}
          >
            {icons.underline}
          </ToolButton>
        </div>
        <div className="toolbar-group">
          <ToolButton
            label="Heading"
            shortcut="Ctrl+Alt+2"
            pressed={state.heading}
            onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
          >
            {icons.heading}
          </ToolButton>
          <ToolButton
            label="Subheading"
            shortcut="Ctrl+Alt+3"
            pressed={state.subheading}
            onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
          >
            {icons.subheading}
          </ToolButton>
          <ToolButton
            label="Quote"
            shortcut="Ctrl+Shift+B"
            pressed={state.quote}
            onClick={() => editor.chain().focus().toggleBlockquote().run()}
          >
            {icons.quote}
          </ToolButton>
        </div>
        {compact ? null : <FormatGroups editor={editor} state={state} />}
        <div className="toolbar-group">
          <ToolButton label="Bullet list" pressed={state.bulletList} onClick={() => editor.chain().focus().toggleBulletList().run()}>
            {icons.bulletList}
          </ToolButton>
          <ToolButton label="Numbered list" pressed={state.orderedList} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
            {icons.orderedList}
          </ToolButton>
        </div>
        <div className="toolbar-group">
          <ToolButton
            label="Link"
            pressed={state.link}
            onClick={() => setAsking({ mode: 'link', initial: (editor.getAttributes('link').href as string | undefined) ?? '' })}
          >
            {icons.link}
          </ToolButton>
          <ToolButton label="YouTube video" onClick={() => setAsking({ mode: 'youtube', initial: '' })}>
            {icons.youtube}
          </ToolButton>
          <ToolButton
            label="Picture alt text and caption"
            disabled={!state.picture}
            onClick={() => {
              const picture = selectedPicture(editor);
              if (picture) onDescribePicture(picture);
            }}
          >
            {icons.picture}
          </ToolButton>
          <ToolButton label={PREVIEW_BREAK_LABEL} onClick={() => editor.chain().focus().setPreviewBreak().run()}>
            {icons.previewBreak}
          </ToolButton>
        </div>
        <div className="toolbar-group">
          <ToolButton label="Undo" shortcut="Ctrl+Z" disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
            {icons.undo}
          </ToolButton>
          <ToolButton label="Redo" shortcut="Ctrl+Shift+Z" disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
            {icons.redo}
          </ToolButton>
        </div>
      </div>
      <LinkDialog request={asking} problemWith={problemWith} onSubmit={applyLink} onRemove={removeLink} onClose={closeDialog} />
    </>
  );
}

/** Font, colour and alignment: the full toolbar's, not the live desk composer's. */
function FormatGroups({ editor, state }: { editor: Editor; state: { align: string; fontFamily: string; color: string } }) {
  return (
    <>
      <div className="toolbar-group">
        <select
          className="toolbar-select"
          aria-label="Font family"
          value={FONT_FAMILIES.includes(state.fontFamily as (typeof FONT_FAMILIES)[number]) ? state.fontFamily : ''}
          onChange={(event) => {
            const family = event.target.value;
            const chain = editor.chain().focus();
            void (family ? chain.setFontFamily(family) : chain.unsetFontFamily()).run();
          }}
        >
          <option value="">Default font</option>
          {FONT_FAMILIES.map((family) => (
            <option key={family} value={family} style={{ fontFamily: family }}>
              {family}
            </option>
          ))}
        </select>
        <label className="toolbar-colour" title="Text colour">
          <span className="visually-hidden">Text colour</span>
          {icons.colour}
          <span className="toolbar-colour-swatch" style={{ background: state.color || 'currentColor' }} aria-hidden="true" />
          <input
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(state.color) ? state.color : '#111827'}
            onChange={(event) => editor.chain().focus().setColor(event.target.value).run()}
          />
        </label>
      </div>
      <div className="toolbar-group">
        {ALIGNMENTS.map((alignment) => (
          <ToolButton
            key={alignment.value}
            label={alignment.label}
            pressed={state.align === alignment.value}
            onClick={() => editor.chain().focus().setTextAlign(alignment.value).run()}
          >
            {alignment.icon}
          </ToolButton>
        ))}
      </div>
    </>
  );
}

interface ToolButtonProps {
  label: string;
  /** For toggles: whether the format is on at the selection. */
  pressed?: boolean;
  shortcut?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, shortcut, disabled, onClick, children, pressed }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="toolbar-button"
      aria-label={label}
      aria-pressed={pressed}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      // Keep the text selection: the command acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * Left/Right, Home/End move between the toolbar's controls (WAI-ARIA toolbar pattern); on the font
 * select too, whose own keys are Up and Down (Left and Right would change its value unseen).
 */
function moveFocusWithArrows(event: KeyboardEvent<HTMLDivElement>) {
  if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), select, input'));
  const index = controls.indexOf(event.target as HTMLElement);
  if (index === -1) return;
  const last = controls.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowRight'
          ? index === last
            ? 0
            : index + 1
          : index === 0
            ? last
            : index - 1;
  event.preventDefault();
  controls[next]?.focus();
}
