// The body of an article, recipe or page: the shop's lazy Tiptap editor, or the HTML itself. The editor knows only
// paragraphs, bold, headings, lists and links, so a text with pictures or blocks opens as HTML (the editor would
// drop them). Either way the server passes what is saved through the sanitiser.
import { type Ref, useId, useState } from 'react';
import {
  RichTextEditor,
  type RichTextHandle,
} from '../../../components/rich-text-editor/rich-text-editor.tsx';

/** Markup the visual editor cannot hold and would silently lose. */
const BEYOND_EDITOR = /<(img|picture|source|div|h1|h4|h5|h6|table|iframe)\b/i;

export const BODY_MAX_LENGTH = 100_000;

export function HtmlField({
  name,
  label,
  value,
  onChange,
  error,
  handleRef,
}: {
  name: string;
  label: string;
  value: string;
  onChange(html: string): void;
  error?: string | undefined;
  /** `flush()` before sending hands over the editor's last keystrokes. */
  handleRef?: Ref<RichTextHandle>;
}) {
  const [mode, setMode] = useState<'visual' | 'code'>(() => (BEYOND_EDITOR.test(value) ? 'code' : 'visual'));
  // The editor reads its starting HTML once: a new key after the HTML view makes it start from the new text.
  const [generation, setGeneration] = useState(0);
  const hintId = useId();
  const lossy = BEYOND_EDITOR.test(value);

  const switchTo = (next: 'visual' | 'code') => {
    if (next === mode) return;
    if (next === 'visual') setGeneration((count) => count + 1);
    setMode(next);
  };

  return (
    <div className="content-html">
      <div className="content-html__modes">
        <button
          type="button"
          className="content-html__mode"
          aria-pressed={mode === 'visual'}
          disabled={lossy && mode === 'code'}
          title={lossy ? 'В тексте есть картинки или блоки: визуальный редактор их потеряет' : undefined}
          onClick={() => switchTo('visual')}
        >
          Визуально
        </button>
        <button
          type="button"
          className="content-html__mode"
          aria-pressed={mode === 'code'}
          onClick={() => switchTo('code')}
        >
          HTML
        </button>
      </div>
      {mode === 'visual' ? (
        <RichTextEditor
          key={generation}
          name={name}
          label={label}
          initialHtml={value}
          onChange={onChange}
          maxLength={BODY_MAX_LENGTH}
          error={error}
          loadOn="mount"
          rows={14}
          handleRef={handleRef}
        />
      ) : (
        <div className={['field', error ? 'field--error' : ''].filter(Boolean).join(' ')}>
          <div className="field__top">
            <label htmlFor={`${hintId}-code`} className="field__label">
              {`${label} (HTML)`}
            </label>
          </div>
          <textarea
            id={`${hintId}-code`}
            name={name}
            className="field__input field__input--area content-html__code"
            rows={18}
            spellCheck={false}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${hintId}-hint${error ? ` ${hintId}-error` : ''}`}
            onChange={(event) => onChange(event.target.value)}
          />
          <p id={`${hintId}-hint`} className="field__hint">
            {lossy
              ? 'В тексте есть картинки или блоки, которых нет в визуальном редакторе, поэтому он открыт как HTML. '
              : ''}
            Разрешены p, b, strong, h1–h6, ul, li, a, img, picture, div; скрипты и опасные ссылки сервер
            удалит.
          </p>
          {error ? (
            <p id={`${hintId}-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
