import { describe, expect, it } from 'vitest';
import {
  avatarAddress,
  cleanMessageContent,
  cleanOutsiderAddresses,
  httpAddress,
} from './outsider-addresses.ts';

const HOSTILE = [
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  '\\\\evil.example\\a.png',
  '/\t/evil.example/a.png',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>1</script>',
  'ftp://evil.example/a',
  'http:/evil.example/a',
  'https://user:pw@evil.example/a',
  '/oss-api/t/x/a.png',
  '',
];

describe('outsider addresses', () => {
  it('keeps only absolute http(s) addresses', () => {
    for (const bad of HOSTILE) expect(httpAddress(bad), bad).toBe('');
    expect(httpAddress(' https://img.example.com/a.png?x=1 ')).toBe(
      'https://img.example.com/a.png?x=1',
    );
    expect(httpAddress(42)).toBe('');
  });

  it('lets profile pictures also be inline pictures or the console’s own files', () => {
    expect(avatarAddress('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    const own = '/oss-api/t/0b0e4b5e-1111-4222-8333-944444444444/avatars/a.jpg';
    expect(avatarAddress(own)).toBe(own);
    for (const bad of [...HOSTILE, 'data:text/html,x', `${own}/../../x`, '/oss-api//evil']) {
      expect(avatarAddress(bad), bad).toBe('');
    }
  });

  it('cleans the JSON of cards, links, articles and mini-programs', () => {
    const card = cleanMessageContent(
      9,
      JSON.stringify({ wxid: 'w', nickname: 'n', avatar: '//x/a' }),
    );
    expect(JSON.parse(card)).toEqual({ wxid: 'w', nickname: 'n', avatar: '' });
    const link = cleanMessageContent(
      10,
      JSON.stringify({
        title: 't',
        description: 'd',
        url: 'javascript:1',
        thumbUrl: 'https://a.b/c',
      }),
    );
    expect(JSON.parse(link)).toMatchObject({ url: '', thumbUrl: 'https://a.b/c' });
    expect(cleanMessageContent(1, '//x/a')).toBe('//x/a');
    expect(cleanMessageContent(9, 'not json')).toBe('not json');
  });

  it('cleans events and answers deeply, leaving what needs no change as it was', () => {
    const ev = {
      workWxid: 'a',
      msgType: 14,
      content: JSON.stringify({
        title: 't',
        appId: 'x',
        appName: 'y',
        pagePath: 'p',
        thumbUrl: '/\\h/a',
      }),
      memberAvatar: '//h/a.png',
      contacts: [
        { wxid: 'c', avatar: 'https://ok.example/a.png' },
        { wxid: 'd', avatar: '//h' },
      ],
      moment: { link: { title: 't', url: 'javascript:1' }, authorAvatar: '//h' },
      file: { data: Buffer.from('x') },
    };
    const out = cleanOutsiderAddresses(ev);
    expect(JSON.parse(out.content)).toMatchObject({ thumbUrl: '' });
    expect(out.memberAvatar).toBe('');
    expect(out.contacts[0]).toBe(ev.contacts[0]);
    expect(out.contacts[1]!.avatar).toBe('');
    expect(out.moment).toEqual({ link: { title: 't', url: '' }, authorAvatar: '' });
    expect(out.file).toBe(ev.file);
    // The original is not changed.
    expect(ev.memberAvatar).toBe('//h/a.png');
  });
});
