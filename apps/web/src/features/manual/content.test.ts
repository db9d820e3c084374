import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@cst/shared';
import { isManualArea, MANUAL_AREAS, manualAreaOf, manualPath } from './areas.ts';
import { MANUAL } from './content.ts';
import { manualTexts } from './texts.ts';

describe('manual content', () => {
  it.each(LANGUAGES)('has every area once, in order, with its title (%s)', (lang) => {
    const pages = MANUAL[lang];
    expect(pages.map((p) => p.id)).toEqual([...MANUAL_AREAS]);
    const titles = (manualTexts[lang].manual as { pages: Record<string, string> }).pages;
    for (const p of pages) {
      expect(p.title).toBe(titles[p.id]);
      expect(p.summary.length).toBeGreaterThan(10);
      expect(p.shotAlt.length).toBeGreaterThan(5);
      expect(p.sections.length).toBeGreaterThan(0);
      for (const s of p.sections) expect(s.paragraphs.length).toBeGreaterThan(0);
    }
  });

  it('has the same sections in both languages', () => {
    const shape = (lang: (typeof LANGUAGES)[number]) =>
      MANUAL[lang].map((p) => p.sections.map((s) => s.paragraphs.length));
    expect(shape('en')).toEqual(shape('zh-CN'));
  });
});

describe('manual areas', () => {
  it.each([
    ['/', 'inbox'],
    ['/message', 'inbox'],
    ['/history', 'inbox'],
    ['/settings/wxaccount', 'accounts'],
    ['/settings/open/webhooks', 'openPlatform'],
    ['/settings/openApiKeys', 'openPlatform'],
    ['/settings/roleManage', 'settings'],
    ['/contacts/groups', 'contacts'],
    ['/customerCenter/makeTag', 'customerCenter'],
    ['/grouphelper/set', 'groupHelper'],
    ['/moments/interaction', 'moments'],
    ['/statistics/login', 'statistics'],
    ['/settingsx', 'inbox'],
  ])('%s opens the %s page', (path, area) => {
    expect(manualAreaOf(path)).toBe(area);
  });

  it('builds the manual address of a page', () => {
    expect(manualPath('moments')).toBe('/manual?page=moments');
    expect(manualPath('inbox', '群发 标签')).toBe(
      '/manual?page=inbox&q=%E7%BE%A4%E5%8F%91+%E6%A0%87%E7%AD%BE',
    );
    expect(isManualArea('statistics')).toBe(true);
    expect(isManualArea('nope')).toBe(false);
  });
});
