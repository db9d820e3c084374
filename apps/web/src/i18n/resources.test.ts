import { describe, expect, it } from 'vitest';
import { MESSAGES, SIM_FAULT_KINDS, validationMessages } from '@cst/shared';
import type { TextTree } from './common.ts';
import { buildResources, FEATURE_TEXTS } from './resources.ts';

const keysOf = (tree: TextTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );

describe('i18n resources', () => {
  it('every text exists in zh-CN and in English', () => {
    const res = buildResources();
    const zh = keysOf(res['zh-CN'].translation).sort();
    const en = keysOf(res.en.translation).sort();
    expect(en).toEqual(zh);
    for (const lang of ['zh-CN', 'en'] as const) {
      for (const key of keysOf(res[lang].translation)) {
        const value = key
          .split('.')
          .reduce<TextTree | string>((t, k) => (t as TextTree)[k]!, res[lang].translation);
        expect(value, `${lang} ${key}`).not.toBe('');
      }
    }
  });

  it('names every fault the simulator can cause, in both languages', () => {
    const res = buildResources();
    for (const lang of ['zh-CN', 'en'] as const) {
      const faults = ((res[lang].translation.simulator as TextTree).fault as TextTree) ?? {};
      for (const kind of SIM_FAULT_KINDS) expect(faults[kind], `${lang} ${kind}`).toBeTruthy();
    }
  });

  it('feature tables do not overwrite each other', () => {
    const seen = new Map<string, number>();
    FEATURE_TEXTS.forEach((table, i) => {
      for (const top of Object.keys(table['zh-CN'])) {
        expect(seen.has(top), `"${top}" in tables ${seen.get(top)} and ${i}`).toBe(false);
        seen.set(top, i);
      }
    });
    expect(seen.has('msg')).toBe(false);
    expect(seen.has('perm')).toBe(false);
  });

  it('carries the server messages word for word, SPEC §5 included', () => {
    const res = buildResources();
    const msg = res['zh-CN'].translation.msg as TextTree;
    for (const [key, text] of Object.entries(MESSAGES)) expect(msg[key]).toBe(text['zh-CN']);
    expect(msg.superiorRequired).toBe(validationMessages.superiorRequired['zh-CN']);
    expect(msg.unauthenticated).toBe('登录已过期，请重新登录');
  });

  it('translates permission labels by their dotted key', async () => {
    const { i18n } = await import('./index.ts');
    expect(i18n.getFixedT('zh-CN')('perm.seat.manage')).toBe('子账号管理');
    expect(i18n.getFixedT('en')('perm.platform.customers')).toBe('Customer users');
  });
});
