import { describe, expect, it } from 'vitest';
import { MANUAL } from './content.ts';
import { normalize, searchManual, terms } from './search.ts';
import type { ManualPage } from './types.ts';

const pages: ManualPage[] = [
  {
    id: 'inbox',
    title: 'Conversations',
    summary: 'Chat with customers.',
    shotAlt: '',
    sections: [
      { heading: 'Sending', paragraphs: ['Press Enter to send a message.'] },
      { heading: 'Filters', paragraphs: ['Filter the list by tag.'] },
    ],
  },
  {
    id: 'customerCenter',
    title: 'Customer center',
    summary: 'Find customers.',
    shotAlt: '',
    sections: [
      {
        heading: 'Tag management',
        paragraphs: ['Create a tag group, then add a tag with a colour to it.'],
      },
    ],
  },
];

describe('manual search', () => {
  it('finds nothing for an empty query', () => {
    expect(searchManual(pages, '')).toEqual([]);
    expect(searchManual(pages, '   ')).toEqual([]);
  });

  it('matches case-insensitively and folds full-width letters', () => {
    expect(normalize('  ＥＮＴＥＲ  Key ')).toBe('enter key');
    const hits = searchManual(pages, 'ＰＲＥＳＳ');
    expect(hits.map((h) => [h.page, h.section])).toEqual([['inbox', 'Sending']]);
    expect(hits[0]!.snippet).toContain('Press');
  });

  it('needs every term on the page, and ranks title and heading hits first', () => {
    expect(searchManual(pages, 'tag press').map((h) => h.page)).toEqual(['inbox']);
    const hits = searchManual(pages, 'tag');
    // The customer center has "tag" in a heading and its body; the inbox only in a paragraph.
    expect(hits.map((h) => h.page)).toEqual(['customerCenter', 'inbox']);
    expect(hits[0]!.section).toBe('Tag management');
    expect(searchManual(pages, 'nothing-like-this')).toEqual([]);
  });

  it('splits terms on ideographic spaces and drops duplicates', () => {
    expect(terms('群发　标签 群发')).toEqual(['群发', '标签']);
  });

  it('cuts long snippets around the term', () => {
    const long: ManualPage = {
      ...pages[0]!,
      sections: [{ heading: 'Long', paragraphs: [`${'a'.repeat(100)} needle ${'b'.repeat(100)}`] }],
    };
    const [hit] = searchManual([long], 'needle');
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.endsWith('…')).toBe(true);
    expect(hit!.snippet).toContain('needle');
    expect(hit!.snippet.length).toBeLessThan(100);
  });

  it('finds Chinese words inside sentences of the real manual', () => {
    const hits = searchManual(MANUAL['zh-CN'], '扫码登录');
    expect(hits[0]!.page).toBe('accounts');
    expect(searchManual(MANUAL['zh-CN'], 'Webhook 签名')[0]!.page).toBe('openPlatform');
    expect(searchManual(MANUAL.en, 'mass send').map((h) => h.page)).toContain('groupHelper');
  });
});
