import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type svgCaptcha from 'svg-captcha';

/** Letters and digits a person tells apart (no I/1, O/0). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Characters of a captcha. */
export const CAPTCHA_LENGTH = 4;

/** A random captcha answer from the crypto source (svg-captcha's own uses Math.random). */
export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

type Render = (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string;
let render: Render | null = null;

/**
 * svg-captcha's export, which renders a given text (its typings only declare `create`): loaded
 * with the first captcha rather than at start, as it reads a font of about 10 MB resident
 * (docs/performance.md). A CommonJS module, required so that making a captcha stays synchronous.
 */
function renderer(): Render {
  return (render ??= createRequire(import.meta.url)('svg-captcha') as Render);
}

/**
 * The captcha picture of `text` as an SVG data URL: each character is a font outline drawn as a
 * `<path>` with jittered points, among crossing noise curves, so the answer is not in the markup.
 */
export function makeCaptcha(text: string): { code: string; img: string } {
  const svg = renderer()(text, {
    width: 120,
    height: 40,
    fontSize: 44,
    noise: 2,
    // Dark grey outlines on no background: the page puts the picture on white in both themes.
    color: false,
  });
  return { code: text, img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
