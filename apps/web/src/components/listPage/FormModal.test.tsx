import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionBody, addUserBody } from '@cst/shared';
import { ConfirmWordModal } from './ConfirmWordModal.tsx';
import { FormField, FormModal, refusesEmpty } from './FormModal.tsx';
import { renderAt } from './testFrame.tsx';

function PositionForm(props: {
  onSubmit: (v: { name: string }) => Promise<void>;
  onClose: (saved: boolean) => void;
}) {
  return (
    <FormModal<{ name: string; prefix?: string }>
      open
      title="新增职位"
      onSubmit={props.onSubmit}
      onClose={props.onClose}
      okTestId="ok"
    >
      <FormField name="name" label="职位名称" schema={positionBody.shape.name}>
        <Input data-testid="name" />
      </FormField>
      <FormField name="prefix" label="坐席前缀" schema={addUserBody.shape.seatPrefix}>
        <Input data-testid="prefix" />
      </FormField>
    </FormModal>
  );
}

describe('FormModal', () => {
  afterEach(cleanup);

  it('shows the spec message inline for an empty required field and does not submit', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderAt('/', <PositionForm onSubmit={onSubmit} onClose={vi.fn()} />);
    fireEvent.click(screen.getByTestId('ok'));
    expect(await screen.findByText('职位名称不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks only the fields the schema requires', () => {
    expect(refusesEmpty(positionBody.shape.name)).toBe(true);
    expect(refusesEmpty(addUserBody.shape.seatPrefix)).toBe(false);
  });

  it('submits valid values and closes as saved; a failed save keeps it open', async () => {
    const onClose = vi.fn();
    const onSubmit = vi
      .fn<(v: { name: string }) => Promise<void>>()
      .mockRejectedValueOnce(new Error('taken'))
      .mockResolvedValueOnce(undefined);
    renderAt('/', <PositionForm onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: '销售' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: '销售' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('takes a click on OK made at once after the dialog opens (no settling time needed)', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button data-testid="open" onClick={() => setOpen(true)}>
            新增
          </Button>
          <FormModal<{ name: string }>
            open={open}
            title="新增职位"
            onSubmit={onSubmit}
            onClose={(saved) => {
              setOpen(false);
              onClose(saved);
            }}
            okTestId="ok"
          >
            <FormField name="name" label="职位名称" schema={positionBody.shape.name}>
              <Input autoFocus data-testid="name" />
            </FormField>
          </FormModal>
        </>
      );
    }
    renderAt('/', <Opener />);
    fireEvent.click(screen.getByTestId('open'));
    // The first moment the field and the button exist: type and click without waiting.
    fireEvent.change(await screen.findByTestId('name'), { target: { value: '销售' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([{ name: '销售' }]);
  });

  it('keeps the buttons in view: the body scrolls within the window height', () => {
    renderAt('/', <PositionForm onSubmit={vi.fn()} onClose={vi.fn()} />);
    const body = document.querySelector<HTMLElement>('.ant-modal-body')!;
    expect(body.style.overflowY).toBe('auto');
    expect(body.style.maxHeight).toContain('100vh');
  });
});

describe('ConfirmWordModal', () => {
  afterEach(cleanup);

  it('enables the button only when the word is typed, and runs with it', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    renderAt(
      '/',
      <ConfirmWordModal
        open
        title="删除"
        hint="删除 3 个工作号"
        word="del"
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    const ok = () => screen.getByTestId('confirm-word-ok') as HTMLButtonElement;
    expect(screen.getByText('请输入 del 确认')).toBeTruthy();
    expect(ok().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('confirm-word'), { target: { value: 'de' } });
    expect(ok().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('confirm-word'), { target: { value: ' del ' } });
    expect(ok().disabled).toBe(false);
    fireEvent.click(ok());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('del'));
  });
});
