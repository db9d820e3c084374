import { App, Radio, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BatchEditProfileResult, PickMode } from '@cst/shared';
import { FormModal } from '../../components/listPage/index.ts';
import { profileLibApi, profileLibKeys } from './api.ts';

type Choice = PickMode | 'keep';

/** One row of choices: keep, at random, in order. */
function ChoiceRow({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: Choice;
  onChange: (v: Choice) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Typography.Text style={{ display: 'inline-block', width: 56 }}>{label}</Typography.Text>
      <Radio.Group
        value={value}
        onChange={(e) => onChange(e.target.value as Choice)}
        data-testid={testId}
        options={[
          { value: 'keep', label: t('profileLib.keep') },
          { value: 'random', label: t('profileLib.random') },
          { value: 'order', label: t('profileLib.order') },
        ]}
      />
    </Space>
  );
}

/**
 * Gives the chosen logged-in work accounts a nickname and/or avatar each from the libraries
 * (at random or in order), through the platform; says how many changed and why others failed.
 */
export function BatchProfileModal({
  wxids,
  onClose,
}: {
  wxids: string[] | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const open = wxids !== null;
  const [nickname, setNickname] = useState<Choice>('order');
  const [avatar, setAvatar] = useState<Choice>('keep');
  const nicknames = useQuery({
    queryKey: profileLibKeys.nicknames,
    queryFn: profileLibApi.nicknames,
    enabled: open,
  });
  const avatars = useQuery({
    queryKey: profileLibKeys.avatars,
    queryFn: profileLibApi.avatars,
    enabled: open,
  });
  const report = (r: BatchEditProfileResult) => {
    const failed = r.list.filter((x) => !x.ok);
    const text = t('profileLib.batchDone', {
      ok: r.list.length - failed.length,
      failed: failed.length,
    });
    if (failed.length === 0) {
      void message.success(text);
      return;
    }
    modal.warning({
      title: text,
      content: failed.map((f) => `${f.wxid}：${f.error ?? ''}`).join('\n'),
    });
  };
  return (
    <FormModal<object>
      open={open}
      title={t('profileLib.batchTitle')}
      okTestId="batch-profile-ok"
      onClose={onClose}
      onSubmit={async () => {
        if (!wxids) return;
        const r = await profileLibApi.batchEdit({
          wxids,
          ...(nickname !== 'keep' ? { nickname } : {}),
          ...(avatar !== 'keep' ? { avatar } : {}),
        });
        report(r);
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('accounts.selectedInfo', { count: wxids?.length ?? 0 })} · {t('profileLib.batchHint')}
        </Typography.Text>
        <ChoiceRow
          label={t('profileLib.changeNickname')}
          value={nickname}
          onChange={setNickname}
          testId="batch-profile-nickname"
        />
        <ChoiceRow
          label={t('profileLib.changeAvatar')}
          value={avatar}
          onChange={setAvatar}
          testId="batch-profile-avatar"
        />
        <Typography.Text type="secondary">
          {t('profileLib.libraryCounts', {
            nicknames: nicknames.data?.list.length ?? 0,
            avatars: avatars.data?.list.length ?? 0,
          })}{' '}
          <Link to="/settings/profileLibrary">{t('profileLib.openLibrary')}</Link>
        </Typography.Text>
      </Space>
    </FormModal>
  );
}
