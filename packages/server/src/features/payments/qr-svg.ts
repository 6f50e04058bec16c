// The QR code of an СБП payment as inline SVG, drawn on the server (no script, no image request): the buyer scans
// it with the bank's app on a phone.
import { correction, generate } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';

/** 240 px: large enough for any phone camera at arm's length, small enough for a laptop screen. */
const SIZE = 240;

export function renderQrSvg(data: string): string {
  // Medium correction: a bank's QR (NSPK link, ~60 characters) stays a small code yet survives a glare.
  const code = generate(data, { minCorrectionLevel: correction.M });
  return toSvgSource(code, {
    on: '#000',
    off: '#fff',
    pad: 4,
    width: SIZE,
    height: SIZE,
    xmlDeclaration: false,
  }).replace('<svg ', '<svg role="img" aria-label="QR-код для оплаты через СБП" ');
}
