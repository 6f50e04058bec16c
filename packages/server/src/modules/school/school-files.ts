// What the school makes of an uploaded scan (its real format, a safe name) and the contract's number.

/** What the bytes are, not what the name or the declared type say. */
const FILE_SIGNATURES: Array<{ mime: string; ext: string; bytes: number[] }> = [
  { mime: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export function detectDocumentFormat(content: Buffer): { mime: string; ext: string } | null {
  const found = FILE_SIGNATURES.find((signature) =>
    signature.bytes.every((byte, index) => content[index] === byte),
  );
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** A name safe to show and to put into Content-Disposition: no paths, no control characters, ≤ 120 characters. */
export function tidyFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[^.]*$/, '')
    .slice(0, 100);
  return `${base || 'документ'}.${ext}`;
}

export function contractNumber(enrolmentId: number): string {
  return `ШЭ-${String(enrolmentId).padStart(6, '0')}`;
}
