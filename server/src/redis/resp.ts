// RESP2, the Redis wire protocol: commands are arrays of bulk strings; replies are simple strings,
// errors, integers, bulk strings (null when absent) and arrays of replies.
// https://redis.io/docs/latest/develop/reference/protocol-spec/

export type Arg = string | number | Buffer;
export type Reply = string | number | null | ReplyError | Reply[];

/** An error reply from the server ('ERR …', 'NOSCRIPT …', 'WRONGTYPE …'). */
export class ReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplyError';
  }
}

const CRLF = Buffer.from('\r\n');

export function encode(args: readonly Arg[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.isBuffer(arg) ? arg : Buffer.from(String(arg));
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, CRLF);
  }
  return Buffer.concat(parts);
}

type Parsed = { value: Reply; next: number } | null;

/** One reply starting at `at`, or null when the buffer does not hold all of it yet. */
function parse(buf: Buffer, at: number): Parsed {
  if (at >= buf.length) return null;
  const end = buf.indexOf(CRLF, at);
  if (end < 0) return null;
  const line = buf.toString('utf8', at + 1, end);
  const next = end + 2;
  switch (buf[at]) {
    case 0x2b: // +
      return { value: line, next };
    case 0x2d: // -
      return { value: new ReplyError(line), next };
    case 0x3a: // :
      return { value: Number(line), next };
    case 0x24: {
      // $
      const length = Number(line);
      if (length < 0) return { value: null, next };
      if (buf.length < next + length + 2) return null;
      return { value: buf.toString('utf8', next, next + length), next: next + length + 2 };
    }
    case 0x2a: {
      // *
      const count = Number(line);
      if (count < 0) return { value: null, next };
      const items: Reply[] = [];
      let offset = next;
      for (let i = 0; i < count; i += 1) {
        const item = parse(buf, offset);
        if (!item) return null;
        items.push(item.value);
        offset = item.next;
      }
      return { value: items, next: offset };
    }
    default:
      throw new Error(`Redis protocol error: unexpected byte ${buf[at]}`);
  }
}

/** Turns a byte stream into replies, in order. */
export class ReplyParser {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly onReply: (reply: Reply) => void) {}

  feed(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let offset = 0;
    for (;;) {
      const parsed = parse(this.buffer, offset);
      if (!parsed) break;
      offset = parsed.next;
      this.onReply(parsed.value);
    }
    this.buffer = this.buffer.subarray(offset);
  }
}
