import { describe, expect, it } from 'vitest';
import { centredCrop, clampCrop, outputSize } from './cropAvatar.ts';

describe('avatar crop', () => {
  it('starts from the centred square and zooms into it', () => {
    expect(centredCrop(800, 600)).toEqual({ x: 100, y: 0, side: 600 });
    expect(centredCrop(800, 600, 2)).toEqual({ x: 250, y: 150, side: 300 });
  });

  it('keeps the square inside the picture and the output within 200–400 px', () => {
    expect(clampCrop({ x: 700, y: -20, side: 300 }, 800, 600)).toEqual({ x: 500, y: 0, side: 300 });
    expect(outputSize(150)).toBe(200);
    expect(outputSize(300)).toBe(300);
    expect(outputSize(999)).toBe(400);
  });
});
