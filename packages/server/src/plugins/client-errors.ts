// Requests that Node's HTTP parser refuses before Fastify sees them: a request line or headers over 16 KB, broken
// HTTP, a client too slow to send its headers.
import type { Socket } from 'node:net';
import { MESSAGES } from '@efir/domain/http-contract';

const ANSWERS: Record<string, { status: number; reason: string; message: string; title: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Request Header Fields Too Large',
    title: 'Слишком длинный адрес или заголовки запроса',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'Request Timeout',
    title: 'Запрос не пришёл вовремя',
  },
};
const BAD_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  message: MESSAGES.badRequest,
  title: 'Некорректный запрос',
};

/** How long the rest of a refused request is read and dropped before the connection is closed for good. */
const LINGER_MS = 2000;

const answered = new WeakSet<Socket>();

/**
 * Answers in the error catalogue's shape and closes the connection gently: the answer is written and the write side
 * ended, and what the client is still sending (the rest of a 60 KB address) is read and dropped for a moment, so
 * the client reads the answer instead of a connection reset (nginx's «lingering close»). Fastify's own handler
 * destroys the socket at once, and a client still writing its request got ECONNRESET.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const answer = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify({ message: answer.message, title: answer.title });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.on('data', () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
