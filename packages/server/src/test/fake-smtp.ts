// A local SMTP server for tests (RFC 5321, the part nodemailer uses: EHLO, MAIL, RCPT, DATA, RSET, QUIT). It keeps
// the messages it accepted; with `refuse` on it answers MAIL FROM with 451 (a temporary failure, as a mail server
// under maintenance does), so the sender must try again later.
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent: headers and MIME body. */
  data: string;
}

export interface FakeSmtp {
  url: string;
  messages: ReceivedMail[];
  refuse: boolean;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const sockets = new Set<Socket>();
  const state: FakeSmtp = {
    url: '',
    messages: [],
    refuse: false,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.messages.push({ from, to, data: data.join('\r\n') });
            reply('250 2.0.0 queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 fake-smtp');
        else if (command === 'MAIL') {
          if (state.refuse) reply('451 4.3.0 Mail server temporarily unavailable');
          else {
            from = line.slice(10).trim();
            to = [];
            reply('250 2.1.0 OK');
          }
        } else if (command === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 OK');
        } else if (command === 'DATA') {
          inData = true;
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'RSET' || command === 'NOOP') reply('250 2.0.0 OK');
        else if (command === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake SMTP did not start');
  state.url = `smtp://127.0.0.1:${address.port}`;
  return state;
}
