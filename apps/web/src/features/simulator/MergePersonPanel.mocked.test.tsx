import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../components/listPage/testFrame.tsx';
import { MergePersonPanel } from './MergePersonPanel.tsx';
import type { SimAccount } from './api.ts';

const calls = vi.hoisted(() => ({ merge: [] as string[][] }));
vi.mock('./api.ts', () => ({
  simulatorApi: {
    mergePerson: (workWxid: string, wxid: string, newWxid: string) => {
      calls.merge.push([workWxid, wxid, newWxid]);
      return Promise.resolve({ wxid: newWxid });
    },
  },
}));

const account = { wxid: 'wx_acc', nickname: '模拟号', status: 'online' } as SimAccount;

describe('the simulator panel giving a contact a new id', () => {
  it('sends the account, the current id and the new id, and says it is done', async () => {
    renderAt('/', <MergePersonPanel accounts={[account]} />);
    const form = await screen.findByTestId('sim-merge-person');
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('模拟号'));
    fireEvent.change(within(form).getByLabelText('联系人当前 ID'), {
      target: { value: ' wxid_old ' },
    });
    fireEvent.change(within(form).getByLabelText('新 ID'), { target: { value: '1001@lid' } });
    fireEvent.click(within(form).getByRole('button', { name: '换新 ID' }));
    await waitFor(() => expect(calls.merge).toEqual([['wx_acc', 'wxid_old', '1001@lid']]));
    expect(await screen.findByText('wxid_old 已换为 1001@lid')).toBeTruthy();
  });
});
