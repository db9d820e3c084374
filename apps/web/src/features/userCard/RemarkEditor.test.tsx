import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdFrame } from '../../app/AntdFrame.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';
import { signInForTest } from '../../lib/session/testSession.ts';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';
import { RemarkEditor } from './RemarkEditor.tsx';
import { peerCardTarget, writerCardTarget } from './userCardStore.ts';

const calls: Record<string, unknown>[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: null };

function show(onSaved = vi.fn()) {
  render(
    <AppProviders>
      <AntdFrame>
        <RemarkEditor workWxid="wx_acc" wxid="wxid_f" remark="老客户" editable onSaved={onSaved} />
      </AntdFrame>
    </AppProviders>,
  );
  return onSaved;
}

const input = () => screen.getByTestId('card-remark-input') as HTMLInputElement;
const edit = () => fireEvent.click(screen.getByTestId('card-remark-edit'));
const save = () => fireEvent.click(screen.getByTestId('card-remark-save'));

describe('the remark editor', () => {
  beforeEach(() => {
    calls.length = 0;
    signInForTest(['conversation.read', 'contact.manage']);
    reply = { status: 200, body: { code: 0, message: 'ok', data: null } };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      calls.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return Response.json(reply.body, { status: reply.status });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses an empty remark with 备注名不能为空 and calls nothing', async () => {
    show();
    edit();
    fireEvent.change(input(), { target: { value: '   ' } });
    save();
    expect(await screen.findByText('备注名不能为空')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('closes without a call when the value is unchanged', async () => {
    const onSaved = show();
    edit();
    fireEvent.change(input(), { target: { value: ' 老客户 ' } });
    save();
    await vi.waitFor(() => expect(screen.queryByTestId('card-remark-input')).toBeNull());
    expect(calls).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves a new remark (trimmed) with the SPEC payload and shows the success message', async () => {
    const onSaved = show();
    edit();
    fireEvent.change(input(), { target: { value: ' 王经理 ' } });
    save();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('王经理'));
    expect(calls).toEqual([{ remark: '王经理', friendWxid: 'wxid_f', uin: 'wx_acc' }]);
    expect(await screen.findByText('好友备注修改成功')).toBeTruthy();
  });

  it('shows the failure message and keeps the editor open when the server refuses', async () => {
    reply = { status: 409, body: { code: 409, message: '工作号不在线，请先登录', data: null } };
    const onSaved = show();
    edit();
    fireEvent.change(input(), { target: { value: '王经理' } });
    save();
    expect(await screen.findByText('好友备注修改失败，请稍后再试')).toBeTruthy();
    expect(input().value).toBe('王经理');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('whose card a click opens', () => {
  it('the peer of a single chat; the member who wrote in a group; nobody for own messages', () => {
    const single = buildConv('wxid_a');
    expect(peerCardTarget(single)).toMatchObject({ workWxid: 'wx_acc', wxid: 'wxid_a' });
    const group = { ...buildConv('123@chatroom'), talkType: 2 as const };
    expect(peerCardTarget(group)).toBeNull();
    const fromMember = { ...buildMessage(group, 1), participant: 'wxid_m', memberName: '群友' };
    expect(writerCardTarget(group, fromMember)).toEqual({
      workWxid: 'wx_acc',
      wxid: 'wxid_m',
      chatRoom: '123@chatroom',
      name: '群友',
    });
    expect(writerCardTarget(single, { ...buildMessage(single, 2), sendSide: 1 })).toBeNull();
  });
});
