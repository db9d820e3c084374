import {
  ClearOutlined,
  DownOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  ReadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearCacheAndReload } from '../../lib/session/clearCache.ts';
import { fullLogout } from '../../lib/session/logout.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { ChangePasswordModal } from '../profile/ChangePasswordModal.tsx';
import { avatarSrc } from '../bubbles/media.ts';
import { useUserInfoLive } from '../profile/useUserInfoLive.ts';

/** The user menu of the header: my seat, reset password, manual, clear cache, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  useUserInfoLive();
  const [changingPassword, setChangingPassword] = useState(false);

  const identity = user
    ? `${user.tenantName ?? t('shell.platform')} · ${t(`roles.${user.role}`)}`
    : '';
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'identity',
      label: <span data-testid="user-identity">{identity}</span>,
      children: [],
    },
    {
      key: 'mySeat',
      icon: <IdcardOutlined />,
      label: <span data-testid="menu-my-seat">{t('shell.mySeat')}</span>,
    },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="menu-reset-password">{t('shell.resetPassword')}</span>,
    },
    {
      key: 'manual',
      icon: <ReadOutlined />,
      label: <span data-testid="menu-manual">{t('manual.menu')}</span>,
    },
    {
      key: 'cache',
      icon: <ClearOutlined />,
      label: <span data-testid="menu-clear-cache">{t('shell.clearCache')}</span>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="menu-logout">{t('shell.logout')}</span>,
    },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'mySeat') void navigate('/myAccount');
    if (key === 'password') setChangingPassword(true);
    if (key === 'manual') void navigate('/manual');
    if (key === 'cache') {
      void modal.confirm({
        title: t('shell.clearCache'),
        content: t('shell.clearCacheConfirm'),
        onOk: () => clearCacheAndReload(),
      });
    }
    if (key === 'logout') {
      void modal.confirm({
        title: t('shell.logout'),
        content: t('shell.logoutConfirm'),
        okButtonProps: { danger: true, 'data-testid': 'logout-ok' },
        onOk: () => fullLogout({ callServer: true }),
      });
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick: handleClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          className="user-button"
          aria-label={t('shell.userMenu')}
          data-testid="user-menu"
        >
          <Avatar size={28} src={avatarSrc(user?.avatar)} icon={<UserOutlined />} />
          <span className="user-name">{user?.nickname}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
