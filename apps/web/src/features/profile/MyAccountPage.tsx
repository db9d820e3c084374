import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileApi } from './api.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { EditProfileModal } from './EditProfileModal.tsx';
import { LoginRecordsTable } from './LoginRecordsTable.tsx';
import { TwoStepModal } from './TwoStepModal.tsx';
import { avatarSrc } from '../bubbles/media.ts';

/** "My seat": profile, password, two-step password and the login notices. */
export function MyAccountPage() {
  const { t } = useTranslation();
  const { data: profile, refetch } = useQuery({ queryKey: ['profile'], queryFn: profileApi.get });
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [twoStep, setTwoStep] = useState<'set' | 'clear' | null>(null);
  const dash = (v: string | null | undefined) => v || t('common.none');

  return (
    <Flex vertical gap={16} className="page" data-testid="my-account">
      <Card
        title={t('profile.basic')}
        loading={!profile}
        extra={
          <Button onClick={() => setEditing(true)} data-testid="edit-profile">
            {t('profile.editProfile')}
          </Button>
        }
      >
        {profile && (
          <Flex gap={24} align="flex-start" wrap>
            <Avatar size={72} src={avatarSrc(profile.avatar)} icon={<UserOutlined />} />
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              style={{ flex: 1, minWidth: 280 }}
              items={[
                { key: 'u', label: t('profile.username'), children: profile.username },
                { key: 'n', label: t('profile.nickname'), children: profile.nickname },
                {
                  key: 'r',
                  label: t('profile.role'),
                  children: (
                    <Space size={4}>
                      <Tag>{t(`roles.${profile.role}`)}</Tag>
                      {profile.roleName && <Tag color="blue">{profile.roleName}</Tag>}
                    </Space>
                  ),
                },
                { key: 't', label: t('profile.tenant'), children: dash(profile.tenantName) },
                { key: 'p', label: t('profile.position'), children: dash(profile.positionName) },
                { key: 's', label: t('profile.superior'), children: dash(profile.superiorName) },
                { key: 'x', label: t('profile.seatPrefix'), children: dash(profile.seatPrefix) },
                {
                  key: 'c',
                  label: t('profile.createdAt'),
                  children: dayjs(profile.createdAt).format('YYYY-MM-DD HH:mm'),
                },
              ]}
            />
          </Flex>
        )}
      </Card>
      <Card title={t('profile.security')} loading={!profile}>
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <div>
              <Typography.Text strong>{t('profile.password')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('profile.passwordHelp')}</Typography.Text>
            </div>
            <Button onClick={() => setChangingPassword(true)} data-testid="change-password">
              {t('profile.changePassword')}
            </Button>
          </Flex>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <div>
              <Typography.Text strong>{t('profile.twoStep')}</Typography.Text>{' '}
              <Tag
                color={profile?.twoStepEnabled ? 'success' : 'default'}
                data-testid="two-step-state"
              >
                {t(profile?.twoStepEnabled ? 'profile.twoStepOn' : 'profile.twoStepOff')}
              </Tag>
              <br />
              <Typography.Text type="secondary">{t('profile.twoStepHelp')}</Typography.Text>
            </div>
            <Space>
              <Button onClick={() => setTwoStep('set')} data-testid="set-two-step">
                {t(profile?.twoStepEnabled ? 'profile.changeTwoStep' : 'profile.setTwoStep')}
              </Button>
              {profile?.twoStepEnabled && (
                <Button danger onClick={() => setTwoStep('clear')} data-testid="clear-two-step">
                  {t('profile.clearTwoStep')}
                </Button>
              )}
            </Space>
          </Flex>
        </Flex>
      </Card>
      <Card
        title={t('profile.records')}
        extra={<Typography.Text type="secondary">{t('profile.recordsHelp')}</Typography.Text>}
      >
        <LoginRecordsTable />
      </Card>
      <EditProfileModal
        profile={editing ? (profile ?? null) : null}
        onClose={() => setEditing(false)}
      />
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
      <TwoStepModal
        mode={twoStep}
        onClose={(changed) => {
          setTwoStep(null);
          if (changed) void refetch();
        }}
      />
    </Flex>
  );
}
