// The rich-text editor itself (Tiptap): a toolbar limited to what the sanitiser keeps — bold, headings, bullet
// lists, links. This module and Tiptap load lazily, only where a form with rich text is shown.
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { LinkIcon, PictureIcon } from '../ui/icons.tsx';
import {
  createEditorExtensions,
  isAllowedLink,
  plainOffsetToPosition,
  plainTextToDoc,
} from './editor-extensions.ts';
import { EDITOR_SYNC_MS, throttle } from './throttle.ts';

export interface EditorHandle {
  flush(): void;
  clear(): void;
  focus(): void;
}

/** What the editor opens with: the plain box it takes the place of, as the visitor left it a moment ago. */
export interface InitialContent {
  /** Text typed into the plain box (kept exactly, with its caret); else `html`, the field's HTML so far. */
  text?: { value: string; selectionStart: number; selectionEnd: number };
  html: string;
  /** The plain box had the focus: the editor takes it at once, so the next keystroke lands in the editor. */
  focus: boolean;
}

export interface TiptapEditorProps {
  labelId: string;
  describedBy?: string | undefined;
  invalid: boolean;
  /** Read once, as the editor is created (the plain box is still on screen then). */
  getInitialContent(): InitialContent;
  onChange(html: string): void;
  handleRef: Ref<EditorHandle>;
  /** Pictures in the text (the back office): stores the file, answers the address the <img> shows. */
  uploadImage?: ((file: File) => Promise<{ src: string }>) | undefined;
}

/** An address typed without a scheme («efir-shop.ru/…») is taken as https. */
export function normaliseLinkInput(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('/')) return trimmed;
  return `https://${trimmed}`;
}

/** The editable area's attributes: a labelled multi-line textbox, invalid while its field has an error. */
function describeEditable(
  props: Pick<TiptapEditorProps, 'labelId' | 'describedBy' | 'invalid'>,
): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': props.labelId,
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
    ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rich-editor__content field__input',
  };
}

export default function TiptapEditor(props: TiptapEditorProps) {
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  const [sync] = useState(() => throttle((html: string) => onChangeRef.current(html), EDITOR_SYNC_MS));

  const [initial] = useState(props.getInitialContent);

  const editor = useEditor({
    extensions: createEditorExtensions({ images: props.uploadImage !== undefined }),
    content: initial.text ? plainTextToDoc(initial.text.value) : initial.html,
    // This module is rendered only in the browser (after the page is interactive), so the editor can exist from the
    // first render: no empty moment in which keystrokes typed into the plain box would get lost.
    immediatelyRender: true,
    autofocus: false,
    editorProps: { attributes: describeEditable(props) },
    onUpdate: ({ editor: current }) => sync(current.isEmpty ? '' : current.getHTML()),
  });

  // In the same commit that removed the plain box, before the browser handles another keystroke: the caret where it
  // was, and the focus (Tiptap's own autofocus waits a tick, and the keys typed in that tick would be lost).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plain box is taken over once, when the editor appears
  useLayoutEffect(() => {
    if (!editor || !initial.focus) return;
    const { text } = initial;
    const end = editor.state.doc.content.size;
    editor.commands.setTextSelection(
      text
        ? {
            from: plainOffsetToPosition(text.value, text.selectionStart),
            to: plainOffsetToPosition(text.value, text.selectionEnd),
          }
        : { from: end, to: end },
    );
    editor.view.focus();
  }, [editor]);

  // The form must not miss the last keystrokes when the editor goes away (a reply form closing, a page change).
  useEffect(() => () => sync.flush(), [sync]);

  // aria-invalid and the description follow the form's errors after creation too.
  const { labelId, describedBy, invalid } = props;
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: describeEditable({ labelId, describedBy, invalid }) } });
  }, [editor, labelId, describedBy, invalid]);

  useImperativeHandle(
    props.handleRef,
    () => ({
      flush: () => sync.flush(),
      clear: () => {
        sync.cancel();
        editor?.commands.clearContent();
        onChangeRef.current('');
      },
      focus: () => editor?.commands.focus(),
    }),
    [editor, sync],
  );

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            list: current.isActive('bulletList'),
            link: current.isActive('link'),
            href: (current.getAttributes('link').href as string | undefined) ?? '',
          }
        : null,
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [linkValue, setLinkValue] = useState('');
  const [linkError, setLinkError] = useState('');
  const linkInputId = useId();
  const [imageOpen, setImageOpen] = useState(false);
  const [imageAlt, setImageAlt] = useState('');
  const [imageState, setImageState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const imageInputId = useId();
  const { uploadImage } = props;

  if (!editor) return <div className="rich-editor__content field__input rich-editor__content--loading" />;

  const openLink = () => {
    setLinkValue(active?.href ?? '');
    setLinkError('');
    setLinkOpen((open) => !open);
  };

  const applyLink = () => {
    const href = normaliseLinkInput(linkValue);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '') {
      chain.unsetLink().run();
      setLinkOpen(false);
      return;
    }
    if (!isAllowedLink(href)) {
      setLinkError('Ссылка должна начинаться с http:// или https://');
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    setLinkOpen(false);
  };

  const insertImage = async (file: File | undefined) => {
    if (!file || !uploadImage) return;
    setImageState({ busy: true, error: '' });
    try {
      const { src } = await uploadImage(file);
      editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src, alt: imageAlt.trim() } })
        .run();
      setImageOpen(false);
      setImageAlt('');
      setImageState({ busy: false, error: '' });
    } catch (error) {
      setImageState({
        busy: false,
        error: error instanceof Error ? error.message : 'Не удалось загрузить картинку',
      });
    }
  };

  const onLinkKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter must not submit the surrounding form.
    if (event.key === 'Enter') {
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setLinkOpen(false);
      editor.commands.focus();
    }
  };

  // A label that shows letters (H2) names the button with them too, so a voice command can say what it sees.
  const tool = (label: string, text: ReactNode, pressed: boolean, run: () => void) => (
    <button
      type="button"
      className="rich-editor__tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keeps the selection in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );

  return (
    <>
      <div className="rich-editor__toolbar" role="toolbar" aria-label="Оформление текста">
        {tool('Жирный', 'Ж', active?.bold ?? false, () => editor.chain().focus().toggleBold().run())}
        {tool('H2 — заголовок', 'H2', active?.h2 ?? false, () =>
          editor.chain().focus().toggleHeading({ level: 2 }).run(),
        )}
        {tool('H3 — подзаголовок', 'H3', active?.h3 ?? false, () =>
          editor.chain().focus().toggleHeading({ level: 3 }).run(),
        )}
        {tool('Список', '•', active?.list ?? false, () => editor.chain().focus().toggleBulletList().run())}
        {/* Drawn, not an emoji: a system without an emoji font shows an emoji as an empty box. */}
        {tool('Ссылка', <LinkIcon width={18} height={18} />, active?.link ?? false, openLink)}
        {uploadImage
          ? tool('Картинка', <PictureIcon width={18} height={18} />, imageOpen, () =>
              setImageOpen((open) => !open),
            )
          : null}
      </div>
      {imageOpen && uploadImage ? (
        <div className="rich-editor__link rich-editor__image">
          <label htmlFor={`${imageInputId}-alt`} className="visually-hidden">
            Что на картинке
          </label>
          <input
            id={`${imageInputId}-alt`}
            className="field__input"
            placeholder="Что на картинке (для незрячих и поисковиков)"
            maxLength={300}
            value={imageAlt}
            onChange={(event) => setImageAlt(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
          <input
            id={imageInputId}
            type="file"
            className="visually-hidden"
            accept="image/jpeg,image/png,image/webp"
            disabled={imageState.busy}
            onChange={(event) => {
              void insertImage(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label htmlFor={imageInputId} className="button button--small">
            {imageState.busy ? 'Загружаем…' : 'Выбрать картинку'}
          </label>
          {imageState.error ? <p className="field__error">{imageState.error}</p> : null}
        </div>
      ) : null}
      {linkOpen && (
        <div className="rich-editor__link">
          <label htmlFor={linkInputId} className="visually-hidden">
            Адрес ссылки
          </label>
          <input
            id={linkInputId}
            type="url"
            inputMode="url"
            className="field__input"
            placeholder="https://…"
            value={linkValue}
            // biome-ignore lint/a11y/noAutofocus: the field was opened by the button just pressed
            autoFocus
            onChange={(event) => {
              setLinkValue(event.target.value);
              setLinkError('');
            }}
            onKeyDown={onLinkKey}
            aria-invalid={linkError ? true : undefined}
          />
          <button type="button" className="button button--small" onClick={applyLink}>
            {linkValue.trim() === '' && active?.link ? 'Убрать ссылку' : 'Готово'}
          </button>
          {linkError && <p className="field__error">{linkError}</p>}
        </div>
      )}
      <EditorContent editor={editor} />
    </>
  );
}
