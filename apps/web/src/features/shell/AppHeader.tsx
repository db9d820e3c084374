import { SkinOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsDrawer } from '../settings/SettingsDrawer.tsx';
import { HeaderSlot } from './HeaderSlots.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { ManualHelp } from '../manual/ManualHelp.tsx';
import { TopMenu } from './TopMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The console header: logo and title, top menu, feature slots, language, settings, user. */
export function AppHeader() {
  const { t } = useTranslation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <Layout.Header className="app-header">
      <Link to="/" className="brand" title={t('site.name')}>
        <Logo size={30} />
        <span className="brand-name">{t('site.name')}</span>
      </Link>
      <TopMenu />
      <Flex align="center" gap={4} className="header-tools">
        <HeaderSlot name="workAccountSwitcher" />
        <HeaderSlot name="unreadTotal" />
        <HeaderSlot name="serviceTransfers" />
        <HeaderSlot name="mentions" />
        <HeaderSlot name="translationToggle" />
        <HeaderSlot name="aiNotices" />
        <HeaderSlot name="webhookNotices" />
        <ManualHelp place="header" />
        <LanguageSwitch />
        <Tooltip title={t('settings.openHint')}>
          <Button
            type="text"
            icon={<SkinOutlined />}
            aria-label={t('settings.open')}
            data-testid="open-settings"
            onClick={() => setSettingsOpen(true)}
          />
        </Tooltip>
        <UserMenu />
      </Flex>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout.Header>
  );
}
