import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random captcha code and its SVG image as a data URL. */
export function makeCaptcha(length = 4): { code: string; img: string } {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  const w = 120;
  const h = 40;
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const c = `hsl(${randomInt(360)},50%,60%)`;
    parts.push(
      `<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${c}" stroke-width="1"/>`,
    );
  }
  [...code].forEach((ch, i) => {
    const x = 14 + i * 26 + randomInt(6);
    const y = 28 + randomInt(6);
    const rot = randomInt(50) - 25;
    parts.push(
      `<text x="${x}" y="${y}" font-size="24" font-family="monospace" font-weight="bold" fill="hsl(${randomInt(360)},60%,35%)" transform="rotate(${rot} ${x} ${y})">${ch}</text>`,
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f4f6fa"/>${parts.join('')}</svg>`;
  return { code, img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
