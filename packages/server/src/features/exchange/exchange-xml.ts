// Reads a CommerceML file as a stream of small records (one Товар, one Предложение, one Документ…), so a package of
// 100 000 goods never sits in memory whole. XML from outside is hostile: a DTD (and with it external entities and
// entity expansion) is refused outright, as are deep nesting, huge texts and a file that ends before its root closes.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Parser } from 'htmlparser2';

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** A refusal whose message is shown to the owner in the exchange log (Russian). */
export class PackageError extends Error {}

const MAX_DEPTH = 40;
const MAX_TEXT = 1024 * 1024;
const MAX_RECORD_NODES = 20_000;
const CHUNK_BYTES = 64 * 1024;

export interface RecordHandlers {
  /** True for the path (element names from the root) of an element to hand over whole. */
  isRecord(path: readonly string[]): boolean;
  onRecord(path: readonly string[], node: XmlNode): Promise<void> | void;
  /** Attributes of every element opened outside records (the root's version, Каталог's СодержитТолькоИзменения). */
  onOpen?(path: readonly string[], attrs: Record<string, string>): void;
}

/** The encoding from a BOM or the XML declaration; 1C writes UTF-8, older setups Windows-1251. */
async function detectEncoding(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(200);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) return 'utf-8';
    const declared = start.toString('latin1').match(/^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/);
    const name = (declared?.[1] ?? 'utf-8').toLowerCase();
    if (name === 'utf-8' || name === 'utf8') return 'utf-8';
    if (name === 'windows-1251' || name === 'cp1251') return 'windows-1251';
    throw new PackageError(`Кодировка ${declared?.[1]} не поддерживается: нужна UTF-8 или Windows-1251`);
  } finally {
    await handle.close();
  }
}

export async function readXmlRecords(file: string, handlers: RecordHandlers): Promise<void> {
  const decoder = new TextDecoder(await detectEncoding(file), { fatal: false });
  const path: string[] = [];
  // The record being collected: its root node and the open nodes inside it.
  let stack: XmlNode[] = [];
  let recordNodes = 0;
  let rootClosed = false;
  // A self-closing element is reported as opened and at once «implied» closed; any other implied close means the
  // file ended (or a closing tag went missing) before its elements closed.
  let justOpened = false;
  let ending = false;
  let failure: Error | null = null;
  const ready: Array<{ path: string[]; node: XmlNode }> = [];

  const fail = (message: string) => {
    failure ??= new PackageError(message);
  };
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        // <!DOCTYPE …> and <!ENTITY …> come here as «!doctype»/«!entity»: no DTD is ever honoured.
        if (name.startsWith('!'))
          fail('Файл содержит объявление DTD или сущностей — такие файлы не принимаются');
      },
      onopentag(name, attrs) {
        if (failure) return;
        justOpened = true;
        path.push(name);
        if (path.length > MAX_DEPTH) return fail('Слишком глубокая вложенность элементов');
        if (stack.length > 0) {
          if (++recordNodes > MAX_RECORD_NODES)
            return fail(`Слишком большой элемент ${path[path.length - 2]}`);
          const node: XmlNode = { name, attrs, text: '', children: [] };
          stack[stack.length - 1]!.children.push(node);
          stack.push(node);
        } else if (handlers.isRecord(path)) {
          recordNodes = 1;
          stack = [{ name, attrs, text: '', children: [] }];
        } else {
          handlers.onOpen?.(path, attrs);
        }
      },
      ontext(text) {
        justOpened = false;
        const node = stack[stack.length - 1];
        if (!node || failure) return;
        if (node.text.length + text.length > MAX_TEXT)
          return fail(`Слишком длинный текст в элементе ${node.name}`);
        node.text += text;
      },
      onclosetag(name, isImplied) {
        if (failure) return;
        const selfClosing = isImplied && justOpened && !ending;
        justOpened = false;
        if (isImplied && !selfClosing) return fail('Файл оборван: не все элементы закрыты');
        if (name !== path[path.length - 1]) return fail(`Файл повреждён: лишний закрывающий тег ${name}`);
        if (stack.length > 0) {
          const node = stack.pop()!;
          node.text = node.text.trim();
          if (stack.length === 0) ready.push({ path: [...path], node });
        }
        path.pop();
        if (path.length === 0) rootClosed = true;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );

  const drain = async () => {
    while (ready.length > 0 && !failure) {
      const next = ready.shift()!;
      await handlers.onRecord(next.path, next.node);
    }
  };
  const stream = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      if (failure) break;
      await drain();
    }
  } finally {
    stream.destroy();
  }
  if (!failure) {
    parser.write(decoder.decode());
    ending = true;
    parser.end();
    await drain();
  }
  if (failure) throw failure;
  if (!rootClosed) throw new PackageError('Файл оборван или пуст: корневой элемент не закрыт');
}

// Small readers of a collected record.

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((item) => item.name === name);
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((item) => item.name === name) : [];
}

export function textOf(node: XmlNode | undefined, name: string): string {
  return child(node, name)?.text ?? '';
}

/** A CommerceML number («1 234,50» from some setups, «1234.50» by the schema); NaN when it is not one. */
export function numberOf(text: string): number {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** CommerceML booleans are «true»/«false»; 1C 7.7 modules wrote «Да»/«Нет». */
export function isTrue(text: string | undefined): boolean {
  return text !== undefined && /^(true|1|да)$/i.test(text.trim());
}
