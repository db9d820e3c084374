import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionBody, sensitiveAddBody } from '@cst/shared';
import { EditFormModal, mappedZodRule } from './formSpec.tsx';
import { renderAt } from './testFrame.tsx';

interface Item {
  id: string;
  name: string;
}
interface Form {
  name: string;
  kind?: string;
  words?: string;
}

function Dialog(props: {
  target: Item | 'new' | null;
  onSubmit: (v: Form, editing: Item | null) => Promise<unknown>;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <EditFormModal<Form, Item>
      target={props.target}
      titles={{ add: 'positions.add', edit: 'positions.edit' }}
      okTestId="ok"
      initialValues={(i) => ({ name: i?.name })}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
      fields={[
        {
          kind: 'text',
          name: 'name',
          label: 'positions.name',
          schema: positionBody.shape.name,
          testId: 'name',
        },
        {
          kind: 'select',
          name: 'kind',
          label: 'Kind',
          requiredMessage: 'Pick a kind',
          options: { enum: ['a', 'b'], prefix: 'kinds.' },
          testId: 'kind',
          hidden: props.target !== 'new',
        },
        {
          kind: 'textarea',
          name: 'words',
          label: 'Words',
          rules: [
            mappedZodRule(sensitiveAddBody.shape.words, t, 'Word', {
              map: (v) => (typeof v === 'string' ? v.split('\n').filter(Boolean) : []),
              skip: (v) => v === undefined,
            }),
          ],
          testId: 'words',
        },
      ]}
    />
  );
}

describe('EditFormModal + field specs', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('adds: its title, the required messages inline, nothing saved', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderAt('/', <Dialog target="new" onSubmit={onSubmit} onClose={vi.fn()} />);
    expect(screen.getByText('新增职位')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ok'));
    expect(await screen.findByText('职位名称不能为空')).toBeTruthy();
    expect(await screen.findByText('Pick a kind')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edits: the row fills the form, fields only for adding are left out, saving closes', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    const item = { id: 'p1', name: 'Sales' };
    renderAt('/', <Dialog target={item} onSubmit={onSubmit} onClose={onClose} />);
    expect(screen.getByText('编辑职位')).toBeTruthy();
    expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('Sales');
    expect(screen.queryByTestId('kind')).toBeNull();
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Support' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Support' }), item);
  });

  it('checks a mapped value with the shared schema (lines of a box as a list)', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderAt(
      '/',
      <Dialog target={{ id: 'p1', name: 'A' }} onSubmit={onSubmit} onClose={vi.fn()} />,
    );
    fireEvent.change(screen.getByTestId('words'), { target: { value: 'x'.repeat(300) } });
    fireEvent.click(screen.getByTestId('ok'));
    expect(await screen.findByText(/Word/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
