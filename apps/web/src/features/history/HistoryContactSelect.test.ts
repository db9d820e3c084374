import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { buildConv } from '../conversations/store/testFactories.ts';
import { chatOptions } from './HistoryContactSelect.tsx';

const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
const accounts = [{ wxid: 'wx_a', remark: '', nickname: '售后一号' }];

describe("history's chat options", () => {
  it('tells two groups of one name apart by size, and by id when the size is the same too', () => {
    const g = (id: string, memberCount: number) =>
      buildConv(id, {
        talkType: 2,
        workWxid: 'wx_a',
        name: 'VIP 群',
        nickname: 'VIP 群',
        remark: '',
        memberCount,
      });
    expect(chatOptions([g('1@chatroom', 12), g('2@chatroom', 30)], accounts, undefined, t)).toEqual(
      [
        { value: '1@chatroom', label: 'VIP 群 · 12 人 · 售后一号' },
        { value: '2@chatroom', label: 'VIP 群 · 30 人 · 售后一号' },
      ],
    );
    expect(
      chatOptions([g('1@chatroom', 12), g('2@chatroom', 12)], accounts, 'wx_a', t).map(
        (o) => o.label,
      ),
    ).toEqual(['VIP 群 · 12 人 (1@chatroom)', 'VIP 群 · 12 人 (2@chatroom)']);
  });
});
