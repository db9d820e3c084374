import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The words SPEC §5 makes a user type: 'del' to delete, 'yes' to change the pool. */
export type ConfirmWord = 'del' | 'yes';

/** Props of {@link ConfirmWordModal}. */
export interface ConfirmWordModalProps {
  open: boolean;
  title: string;
  /** What will happen; tells the user which word to type. */
  hint: ReactNode;
  word: ConfirmWord;
  danger?: boolean;
  /** Extra fields above the word (e.g. the target pool). */
  children?: ReactNode;
  /** Runs the operation with the typed word; a rejection keeps the dialog open. */
  onConfirm: (word: string) => Promise<void>;
  onClose: () => void;
}

/** A dangerous operation confirmed by typing a word; the button stays off until it matches. */
export function ConfirmWordModal(props: ConfirmWordModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === props.word;

  const handleOk = async () => {
    if (!matches) return;
    setBusy(true);
    try {
      await props.onConfirm(typed.trim());
      setTyped('');
    } catch {
      // The client has shown the server's message; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={() => {
        setTyped('');
        props.onClose();
      }}
      onOk={() => void handleOk()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ danger: props.danger, disabled: !matches, 'data-testid': 'confirm-word-ok' }}
    >
      <Typography.Paragraph>{props.hint}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void handleOk()}>
        {props.children}
        <Form.Item label={t('listPage.confirmWord', { word: props.word })} required>
          <Input
            autoFocus
            value={typed}
            placeholder={props.word}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="confirm-word"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Props of {@link DeleteButton}. */
export interface DeleteButtonProps {
  /** What is deleted, named in the dialog ("Role 'Sales'", "3 words"). */
  target: string;
  /** Deletes; a rejection keeps the dialog open (the client has shown why). */
  onDelete: () => Promise<void>;
  disabled?: boolean;
  /** A link in a row (default) or a toolbar button. */
  variant?: 'link' | 'button';
  label?: string;
  testId?: string;
}

/** Props of {@link DeleteConfirm}. */
export interface DeleteConfirmProps {
  open: boolean;
  /** What is deleted, named in the dialog. */
  target: string;
  /** Deletes; a rejection keeps the dialog open (the client has shown why). */
  onDelete: () => Promise<void>;
  onClose: () => void;
  title?: string;
}

/** The dialog of a delete: the user types 'del' (SPEC §5); it closes after the delete. */
export function DeleteConfirm({ open, target, onDelete, onClose, title }: DeleteConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmWordModal
      open={open}
      title={title ?? t('common.delete')}
      hint={t('common.confirmDelete', { name: target })}
      word="del"
      danger
      onConfirm={async () => {
        await onDelete();
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/** A delete button whose dialog asks the user to type 'del' (SPEC §5). */
export function DeleteButton({
  target,
  onDelete,
  disabled,
  variant = 'link',
  label,
  testId,
}: DeleteButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type={variant === 'link' ? 'link' : 'default'}
        size={variant === 'link' ? 'small' : 'middle'}
        danger
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label ?? t('common.delete')}
      </Button>
      <DeleteConfirm
        open={open}
        title={label}
        target={target}
        onDelete={onDelete}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
