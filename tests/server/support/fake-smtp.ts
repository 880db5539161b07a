// A minimal SMTP server (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) on
// 127.0.0.1, recording what it receives; enough for nodemailer without TLS.
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          received.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') { current.from = /<(.*)>/.exec(line)?.[1] ?? ''; reply('250 2.1.0 ok'); }
        else if (verb === 'RCPT') { current.to.push(/<(.*)>/.exec(line)?.[1] ?? ''); reply('250 2.1.5 ok'); }
        else if (verb === 'DATA') { inData = true; reply('354 end with <CRLF>.<CRLF>'); }
        else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') { reply('221 bye'); socket.end(); }
        else reply('502 5.5.2 command not recognised');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
