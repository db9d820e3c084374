/** A background image of the console, made locally (CSS gradients and small inline SVGs). */
export interface Background {
  id: string;
  /** i18n key of its name. */
  labelKey: string;
  /** A CSS `background-image` value. */
  image: string;
}

const svg = (body: string, size = 40) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 ${size} ${size}'>${body}</svg>`,
  )}")`;

/** The backgrounds the settings drawer offers; `bag003` is the default (SPEC §9). */
export const BACKGROUNDS: Background[] = [
  { id: 'bag001', labelKey: 'settings.bg.plain', image: 'none' },
  {
    id: 'bag002',
    labelKey: 'settings.bg.dawn',
    image: 'linear-gradient(135deg, #fdfbfb 0%, #ebedee 100%)',
  },
  {
    id: 'bag003',
    labelKey: 'settings.bg.sky',
    image: 'linear-gradient(160deg, #e0eafc 0%, #f5f9ff 55%, #dfe9f3 100%)',
  },
  {
    id: 'bag004',
    labelKey: 'settings.bg.mint',
    image: 'linear-gradient(160deg, #d4fc79 -40%, #e8f8f0 45%, #96e6a1 160%)',
  },
  {
    id: 'bag005',
    labelKey: 'settings.bg.dots',
    image: `${svg("<circle cx='4' cy='4' r='1.6' fill='%23b8c4d6'/>", 24)}, linear-gradient(180deg, #f7f9fc, #eef2f7)`,
  },
  {
    id: 'bag006',
    labelKey: 'settings.bg.waves',
    image: `${svg("<path d='M0 20 Q10 12 20 20 T40 20' fill='none' stroke='%23c9d6ea' stroke-width='1.2'/>")}, linear-gradient(180deg, #f4f7fb, #e9eff8)`,
  },
];

/** The background with an id, the default one when the id is unknown. */
export function backgroundOf(id: string): Background {
  return BACKGROUNDS.find((b) => b.id === id) ?? BACKGROUNDS[2]!;
}

/** The CSS background of the console for a background and mode (dark mode darkens it). */
export function backgroundCss(id: string, light: boolean): string {
  const image = backgroundOf(id).image;
  if (light) return image === 'none' ? '#f5f5f5' : image;
  const shade = 'linear-gradient(rgba(10, 12, 16, 0.86), rgba(10, 12, 16, 0.86))';
  return image === 'none' ? '#141414' : `${shade}, ${image}`;
}
