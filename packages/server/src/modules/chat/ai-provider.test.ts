// The chat-completions client against a local fake of the API: answers, error statuses, time limits, bad bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AiProviderError,
  cleanAnswer,
  createOpenAiCompatibleProvider,
  readCompletionText,
} from './ai-provider.ts';
import { type FakeChatCompletions, startFakeChatCompletions } from './fake-chat-completions.ts';

let fake: FakeChatCompletions;

beforeAll(async () => {
  fake = await startFakeChatCompletions();
});

afterAll(async () => {
  await fake.close();
});

function client(timeoutMs = 2000) {
  return createOpenAiCompatibleProvider({
    baseUrl: `${fake.baseUrl}/`,
    apiKey: 'sk-test-key',
    model: 'test-model',
    timeoutMs,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiProviderError);
    return error as AiProviderError;
  }
  throw new Error('expected the call to fail');
}

const messages = [
  { role: 'system' as const, content: 'Ты — консультант.' },
  { role: 'user' as const, content: 'Что взять для сна?' },
];

describe('the OpenAI-compatible provider', () => {
  it('posts the model and messages with the key and returns the answer text', async () => {
    fake.behave({ kind: 'answer', text: '  Возьмите «Лаванда узколистная» — 490 ₽.\r\n  ' });
    const before = fake.requests.length;
    expect(await client().complete(messages)).toBe('Возьмите «Лаванда узколистная» — 490 ₽.');
    const request = fake.requests[before];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.messages).toEqual(messages);
  });

  it('turns an error status into an «unavailable» failure carrying the status', async () => {
    fake.behave({ kind: 'error', status: 500 });
    const error = await failureOf(client().complete(messages));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(500);
    fake.behave({ kind: 'error', status: 429 });
    expect((await failureOf(client().complete(messages))).status).toBe(429);
  });

  it('gives up after its time limit, also when the headers came but the body stalls', async () => {
    fake.behave({ kind: 'hang' });
    const started = Date.now();
    expect((await failureOf(client(300).complete(messages))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    fake.behave({ kind: 'stall' });
    expect((await failureOf(client(300).complete(messages))).kind).toBe('timeout');
  });

  it('refuses a body that is not a chat completion', async () => {
    fake.behave({ kind: 'malformed' });
    expect((await failureOf(client().complete(messages))).kind).toBe('bad_response');
    fake.behave({ kind: 'empty' });
    expect((await failureOf(client().complete(messages))).kind).toBe('bad_response');
    fake.behave({ kind: 'answer', text: '   ' });
    expect((await failureOf(client().complete(messages))).kind).toBe('bad_response');
  });

  it('reports an unreachable endpoint without its address or key', async () => {
    const dead = createOpenAiCompatibleProvider({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-secret-value',
      model: 'm',
      timeoutMs: 2000,
    });
    const error = await failureOf(dead.complete(messages));
    expect(error.kind).toBe('unavailable');
    expect(error.message).not.toContain('sk-secret-value');
    expect(error.message).not.toContain('127.0.0.1');
  });
});

describe('reading completions', () => {
  it('takes the first choice, joins content parts, and keeps only printable text', () => {
    expect(readCompletionText({ choices: [{ message: { content: 'Да' } }] })).toBe('Да');
    expect(
      readCompletionText({
        choices: [{ message: { content: [{ type: 'text', text: 'Л' }, { text: 'ад' }] } }],
      }),
    ).toBe('Лад');
    expect(readCompletionText({ choices: [{ message: {} }] })).toBeNull();
    expect(readCompletionText('text')).toBeNull();
    expect(cleanAnswer('a\u0000b\u0007c\r\nd\te')).toBe('abc\nd\te');
    expect(cleanAnswer('я'.repeat(7000))).toHaveLength(6000);
  });
});
