// A rich-text field for reviews and comments: a plain <textarea> in the server render and until the editor is
// wanted, then Tiptap, fetched lazily (its code is a chunk of its own, never part of a page's initial bundle).
// Either way the form receives HTML, at most once per 300 ms (spec §9), and `flush` hands over the rest.
import { countVisibleCharacters, plainTextToHtml } from '@efir/domain/reviews-schemas';
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import {
  Component,
  type ComponentType,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { EDITOR_SYNC_MS, throttle } from './throttle.ts';
import type { EditorHandle, InitialContent, TiptapEditorProps } from './tiptap-editor.tsx';
import './rich-text-editor.css';

export type RichTextHandle = EditorHandle;

/** Starts fetching the editor's code (e.g. when the pointer comes near the form); safe to call again. */
export function preloadRichTextEditor(): Promise<{ default: ComponentType<TiptapEditorProps> }> {
  return import('./tiptap-editor.tsx');
}

export interface RichTextEditorProps {
  /** The form field it fills; a focus request for that name (after an error) lands in the editor. */
  name: string;
  label: string;
  onChange(html: string): void;
  /** Limit of visible characters, shown as a counter. */
  maxLength: number;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  required?: boolean;
  rows?: number;
  /**
   * 'mount': load the editor as soon as the page is interactive (a page that is a form, like /add-review);
   * 'focus': keep the light plain box until the visitor starts writing (comment forms under every product).
   */
  loadOn?: 'mount' | 'focus';
  /** Keep the plain box for good (tests, very old browsers). */
  plain?: boolean;
  /** HTML already saved (the back office edits a page): the editor opens with it. Pair with loadOn 'mount'. */
  initialHtml?: string;
  handleRef?: Ref<RichTextHandle>;
  /** Pictures in the text (the back office only): stores a file, answers the address its <img> shows. */
  uploadImage?: (file: File) => Promise<{ src: string }>;
}

/** A failed chunk load (offline, a new deploy) leaves the plain box, which works just as well. */
class EditorBoundary extends Component<{ fallback: ReactNode; onError(): void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RichTextEditor({
  name,
  label,
  onChange,
  maxLength,
  error,
  hint,
  placeholder,
  required,
  rows = 5,
  loadOn = 'focus',
  plain = false,
  initialHtml = '',
  handleRef,
  uploadImage,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = `${id}-counter`;
  const describedBy = [hintId, errorId, counterId].filter(Boolean).join(' ');

  const [text, setText] = useState('');
  const [wanted, setWanted] = useState(false);
  // The editor's component once its code is here: until then the plain box stays, focused and taking keys.
  const [Editor, setEditor] = useState<ComponentType<TiptapEditorProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [length, setLength] = useState(() =>
    initialHtml ? countVisibleCharacters(sanitizeHtml(initialHtml)) : 0,
  );
  const latestHtml = useRef(initialHtml);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<EditorHandle>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const deliver = useCallback((html: string) => {
    latestHtml.current = html;
    setLength(countVisibleCharacters(sanitizeHtml(html)));
    onChangeRef.current(html);
  }, []);
  const [syncPlain] = useState(() =>
    throttle((value: string) => deliver(plainTextToHtml(value)), EDITOR_SYNC_MS),
  );
  useEffect(() => () => syncPlain.flush(), [syncPlain]);
  // Typed into the server's box before this code ran (the page was rendered for a logged-in visitor): hydration
  // leaves the text in the box but not in the state, and the next render would empty the box.
  useLayoutEffect(() => {
    const early = textareaRef.current?.value;
    if (early) {
      setText(early);
      syncPlain(early);
    }
  }, [syncPlain]);

  const showEditor = Editor !== null && !plain && !failed;
  useEffect(() => {
    if (loadOn === 'mount') setWanted(true);
    // The server-rendered box may have been focused before its code arrived (it loads as the comments near the
    // screen): the focus that asks for the editor happened already.
    else if (loadOn === 'focus' && !plain && document.activeElement === textareaRef.current) setWanted(true);
  }, [loadOn, plain]);

  // The plain box is swapped for the editor only once the editor's code is here, never for a loading frame: the
  // visitor keeps typing into the box meanwhile, and the editor takes over its text, caret and focus.
  useEffect(() => {
    if (!wanted || plain) return;
    let current = true;
    preloadRichTextEditor().then(
      (module) => current && setEditor(() => module.default),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, plain]);

  const want = () => {
    if (!plain) setWanted(true);
  };

  /** Read by the editor as it is created, in the render that replaces the box (still on screen, still focused). */
  const takeOverPlainBox = (): InitialContent => {
    syncPlain.flush();
    const box = textareaRef.current;
    const focus = box !== null && document.activeElement === box;
    if (!box || box.value === '') return { html: latestHtml.current, focus };
    const { value, selectionStart, selectionEnd } = box;
    return { text: { value, selectionStart, selectionEnd }, html: latestHtml.current, focus };
  };

  useImperativeHandle(
    handleRef,
    () => ({
      flush() {
        syncPlain.flush();
        editorRef.current?.flush();
      },
      clear() {
        syncPlain.cancel();
        setText('');
        editorRef.current?.clear();
        deliver('');
      },
      focus() {
        if (editorRef.current) editorRef.current.focus();
        else textareaRef.current?.focus();
      },
    }),
    [syncPlain, deliver],
  );

  const plainBox = (
    <textarea
      ref={textareaRef}
      id={`${id}-plain`}
      name={name}
      className="field__input field__input--area"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      required={required}
      rows={rows}
      placeholder={placeholder}
      value={text}
      onFocus={loadOn === 'focus' ? want : undefined}
      onPointerEnter={
        loadOn === 'focus' && !plain ? () => void preloadRichTextEditor().catch(() => {}) : undefined
      }
      onChange={(event) => {
        setText(event.target.value);
        syncPlain(event.target.value);
      }}
    />
  );

  return (
    <fieldset
      // A focus request for this field's name (useForm after an error) is passed on to the editor.
      name={name}
      tabIndex={-1}
      className={['field', 'rich-editor', error ? 'field--error' : ''].filter(Boolean).join(' ')}
      onFocus={(event) => {
        if (event.target !== event.currentTarget) return;
        if (editorRef.current) editorRef.current.focus();
        else textareaRef.current?.focus();
      }}
    >
      <div className="field__top">
        <label id={labelId} htmlFor={showEditor ? undefined : `${id}-plain`} className="field__label">
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
      </div>
      {showEditor ? (
        <EditorBoundary fallback={plainBox} onError={() => setFailed(true)}>
          <Editor
            labelId={labelId}
            describedBy={describedBy}
            invalid={Boolean(error)}
            getInitialContent={takeOverPlainBox}
            onChange={deliver}
            handleRef={editorRef}
            uploadImage={uploadImage}
          />
        </EditorBoundary>
      ) : (
        plainBox
      )}
      <p
        id={counterId}
        className={length > maxLength ? 'rich-editor__counter field__error' : 'rich-editor__counter'}
      >
        {length.toLocaleString('ru-RU')} из {maxLength.toLocaleString('ru-RU')} символов
      </p>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
