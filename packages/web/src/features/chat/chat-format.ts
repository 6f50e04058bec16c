// Pure helpers of the chat widget: whether a message may be sent (spec §5) and the site links inside answers.
import { CHAT_MESSAGE_MAX, canSendChatMessage } from '@efir/domain/chat-schemas';

export { CHAT_MESSAGE_MAX };

/** Spec §5: the send button is disabled and nothing is sent for an empty or whitespace-only message. */
export function canSend(text: string, pending: boolean): boolean {
  return !pending && canSendChatMessage(text);
}

export type ChatTextPart = { kind: 'text'; text: string } | { kind: 'link'; path: string; title: string };

// A site path standing alone (after a space, a bracket or a quote): «/lavanda-10-ml.html», «/catalog.html».
const SITE_PATH = /(^|[\s(«"'])(\/[\p{L}\p{N}][\p{L}\p{N}\-._~/%?=&#]*)/gu;
const TRAILING_PUNCTUATION = /[.,;:!?)»"']+$/;
// A titled link, as the assistant writes them: «[Лаванда узколистная](/lavanda-10-ml.html)».
const TITLED_LINK = /\[([^\]\n]{1,200})\]\((\/[\p{L}\p{N}][\p{L}\p{N}\-._~/%?=&#]*)\)/gu;

function splitBarePaths(text: string, parts: ChatTextPart[]): void {
  let last = 0;
  for (const match of text.matchAll(SITE_PATH)) {
    const lead = match[1] ?? '';
    const raw = match[2] ?? '';
    const path = raw.replace(TRAILING_PUNCTUATION, '');
    if (path.length < 2) continue;
    const start = (match.index ?? 0) + lead.length;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', path, title: path });
    last = start + path.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
}

/**
 * An answer split into text and links to our own pages: «[title](/path)» shows the title, a bare path itself (older
 * answers, an AI that forgot the form). Only site paths become links: an address elsewhere stays text, so an answer
 * can never send the shopper off the site by a click.
 */
export function splitChatLinks(text: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TITLED_LINK)) {
    const start = match.index ?? 0;
    if (start > last) splitBarePaths(text.slice(last, start), parts);
    parts.push({ kind: 'link', path: match[2] ?? '', title: (match[1] ?? '').trim() || (match[2] ?? '') });
    last = start + match[0].length;
  }
  if (last < text.length) splitBarePaths(text.slice(last), parts);
  return parts;
}
