// The body of an article, recipe or page: the shop's lazy Tiptap editor, or the HTML itself. The editor knows
// paragraphs, bold, headings, lists, links and pictures (uploaded here, issue 39 point 7), so only a text with blocks
// it lacks opens as HTML (the editor would drop them). Either way the server passes what is saved through the
// sanitiser.
import type { ContentImageAnswer } from '@efir/domain/content-admin-schemas';
import { type Ref, useId, useState } from 'react';
import {
  RichTextEditor,
  type RichTextHandle,
} from '../../../components/rich-text-editor/rich-text-editor.tsx';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';

/** Markup the visual editor cannot hold and would silently lose. */
const BEYOND_EDITOR = /<(picture|source|div|h1|h4|h5|h6|table|iframe)\b/i;
/** A picture the editor holds only with its «Картинка» (a plain <img src alt>), never one with more to it. */
const ANY_IMAGE = /<img\b/i;
const RICH_IMAGE = /<img\b[^>]*\s(?:width|height|srcset|class|style)=/i;

function beyondEditor(html: string, pictures: boolean): boolean {
  return BEYOND_EDITOR.test(html) || (pictures ? RICH_IMAGE : ANY_IMAGE).test(html);
}

/** Stores a picture for a text or a cover; the error's words as the server said them. */
export function useContentImageUpload() {
  const api = useAdminApi();
  return async (file: File): Promise<ContentImageAnswer> => {
    const body = new FormData();
    body.append('image', file);
    try {
      return await api.upload<ContentImageAnswer>('/content/images', body);
    } catch (error) {
      const fields = readServerFieldErrors(error);
      throw new Error(fields ? Object.values(fields).join(' ') : describeFailure(error));
    }
  };
}

export const BODY_MAX_LENGTH = 100_000;

export function HtmlField({
  name,
  label,
  value,
  onChange,
  error,
  handleRef,
  uploadImage,
}: {
  name: string;
  label: string;
  value: string;
  onChange(html: string): void;
  error?: string | undefined;
  /** `flush()` before sending hands over the editor's last keystrokes. */
  handleRef?: Ref<RichTextHandle>;
  /** Pictures in the text (useContentImageUpload); without it a text with a picture opens as HTML. */
  uploadImage?: ((file: File) => Promise<{ src: string }>) | undefined;
}) {
  const pictures = uploadImage !== undefined;
  const [mode, setMode] = useState<'visual' | 'code'>(() =>
    beyondEditor(value, pictures) ? 'code' : 'visual',
  );
  // The editor reads its starting HTML once: a new key after the HTML view makes it start from the new text.
  const [generation, setGeneration] = useState(0);
  const hintId = useId();
  const lossy = beyondEditor(value, pictures);

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
          title={
            lossy ? 'В тексте есть блоки, которых нет в визуальном редакторе: он их потеряет' : undefined
          }
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
          {...(uploadImage ? { uploadImage } : {})}
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
              ? 'В тексте есть блоки, которых нет в визуальном редакторе, поэтому он открыт как HTML. '
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
