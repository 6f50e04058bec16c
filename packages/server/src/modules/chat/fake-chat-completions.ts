// For tests: a local server on 127.0.0.1 speaking the OpenAI chat-completions API, with switchable failures.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderMessage } from './ai-provider.ts';

export interface CompletionRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: ProviderMessage[]; max_tokens?: number; temperature?: number };
}

/**
 * `answer`: a normal completion; `error`: that HTTP status with an OpenAI error body; `hang`: never answers;
 * `stall`: sends the headers, then nothing; `malformed`: 200 with a body that is not JSON; `empty`: 200 JSON
 * without choices.
 */
export type FakeBehaviour =
  | { kind: 'answer'; text: string | ((request: CompletionRequest) => string) }
  | { kind: 'error'; status: number }
  | { kind: 'hang' }
  | { kind: 'stall' }
  | { kind: 'malformed' }
  | { kind: 'empty' };

export interface FakeChatCompletions {
  /** Base URL to give as AI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: CompletionRequest[];
  behave(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeChatCompletions(): Promise<FakeChatCompletions> {
  let behaviour: FakeBehaviour = { kind: 'answer', text: 'Здравствуйте!' };
  const requests: CompletionRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    let body: CompletionRequest['body'] = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return sendJson(response, 400, { error: { message: 'Invalid JSON', type: 'invalid_request_error' } });
    }
    const request: CompletionRequest = {
      path: incoming.url ?? '',
      authorization: incoming.headers.authorization,
      body,
    };
    requests.push(request);
    if (incoming.method !== 'POST' || request.path !== '/v1/chat/completions') {
      return sendJson(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    }
    switch (behaviour.kind) {
      case 'answer': {
        const text = typeof behaviour.text === 'function' ? behaviour.text(request) : behaviour.text;
        return sendJson(response, 200, {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model ?? 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        });
      }
      case 'error':
        return sendJson(response, behaviour.status, {
          error: { message: 'The server had an error while processing your request.', type: 'server_error' },
        });
      case 'hang':
        open.add(response);
        return;
      case 'stall':
        open.add(response);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"id":"chatcmpl-stall","choices":[');
        return;
      case 'malformed':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('<html>Bad Gateway</html>');
      case 'empty':
        return sendJson(response, 200, { id: 'chatcmpl-empty', object: 'chat.completion', choices: [] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next;
    },
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
