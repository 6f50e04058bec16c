// The AI adapter: a client of any OpenAI-compatible chat-completions endpoint (POST {base}/chat/completions).

export interface ProviderMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatProvider {
  complete(messages: ProviderMessage[]): Promise<string>;
}

/**
 * `timeout`: no answer in time (the route answers 504); `unavailable`: network failure or an error status;
 * `bad_response`: an answer that is not a chat completion (both 502).
 */
export type AiProviderErrorKind = 'timeout' | 'unavailable' | 'bad_response';

export class AiProviderError extends Error {
  constructor(
    readonly kind: AiProviderErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
  /** Cap of the answer's length in tokens. */
  maxTokens?: number;
  temperature?: number;
  fetch?: typeof fetch;
}

/** Whatever the model writes, the widget shows plain text of reasonable length. */
const ANSWER_MAX_CHARS = 6000;

// Control characters other than tab and newlines never belong in a chat line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function cleanAnswer(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim().slice(0, ANSWER_MAX_CHARS);
}

/** The answer text of a chat completion, or null when the body is not one. */
export function readCompletionText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const message = (choices[0] as { message?: { content?: unknown } } | null)?.message;
  const content = message?.content;
  if (typeof content === 'string') return content;
  // Some compatible servers answer with content parts.
  if (Array.isArray(content)) {
    const text = content
      .map((part) =>
        typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
    return text || null;
  }
  return null;
}

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): ChatProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async complete(messages) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      let response: Response;
      let body: unknown;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages,
            temperature: options.temperature ?? 0.3,
            max_tokens: options.maxTokens ?? 800,
          }),
          signal,
        });
        // The time limit covers the body too: a server that sends headers and then stalls is a timeout as well.
        const text = await response.text();
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = undefined;
        }
      } catch (error) {
        const name = (error as Error).name;
        if (signal.aborted || name === 'TimeoutError' || name === 'AbortError') {
          throw new AiProviderError('timeout', `the AI endpoint did not answer in ${options.timeoutMs} ms`);
        }
        // No URL or key in the message: only what kind of failure it was.
        throw new AiProviderError('unavailable', 'the AI endpoint is unreachable');
      }
      if (!response.ok) {
        throw new AiProviderError(
          'unavailable',
          `the AI endpoint answered ${response.status}`,
          response.status,
        );
      }
      const text = readCompletionText(body);
      const cleaned = text === null ? '' : cleanAnswer(text);
      if (!cleaned) {
        throw new AiProviderError(
          'bad_response',
          'the AI endpoint answered without a completion',
          response.status,
        );
      }
      return cleaned;
    },
  };
}
