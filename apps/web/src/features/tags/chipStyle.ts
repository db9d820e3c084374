import type { CSSProperties } from 'react';

/**
 * The look of a tag of a colour: its colour as text on a faint wash of it, readable in the light
 * and the dark theme alike (antd's own hex colours fill the chip, glaring in the dark one).
 */
export function chipStyle(color: string | undefined): CSSProperties | undefined {
  if (!color || !/^#[0-9a-fA-F]{6}$/.test(color)) return undefined;
  return { color, background: `${color}1f`, borderColor: `${color}59` };
}
