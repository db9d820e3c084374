import { CheckOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Segmented, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BACKGROUNDS, backgroundCss } from './backgrounds.ts';
import { THEME_COLORS, useSettings } from './settingsStore.ts';

/** Props of {@link SettingsDrawer}. */
export interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
}

function Row({
  label,
  help,
  children,
}: {
  label: string;
  help?: string;
  children: React.ReactNode;
}) {
  return (
    <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 20 }}>
      <div>
        <div>{label}</div>
        {help && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {help}
          </Typography.Text>
        )}
      </div>
      {children}
    </Flex>
  );
}

/** The settings drawer of the header: mode, colour, background, cue tone, notifications. */
export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={360}
      data-testid="settings-drawer"
      footer={<Button onClick={s.restoreDefaults}>{t('settings.restore')}</Button>}
    >
      <Row label={t('settings.themeMode')}>
        <Segmented
          value={s.themeMode ? 'light' : 'dark'}
          options={[
            { value: 'light', label: t('settings.light') },
            { value: 'dark', label: t('settings.dark') },
          ]}
          onChange={(v) => s.update({ themeMode: v === 'light' })}
        />
      </Row>
      <Typography.Paragraph>{t('settings.themeColor')}</Typography.Paragraph>
      <Flex gap={10} wrap style={{ marginBottom: 20 }}>
        {THEME_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            aria-label={t('settings.color', { color })}
            aria-pressed={s.themeColor === color}
            className="swatch"
            style={{ background: color }}
            onClick={() => s.update({ themeColor: color })}
          >
            {s.themeColor === color && <CheckOutlined />}
          </button>
        ))}
      </Flex>
      <Typography.Paragraph>{t('settings.background')}</Typography.Paragraph>
      <div className="bg-grid" style={{ marginBottom: 20 }}>
        {BACKGROUNDS.map((b) => (
          <button
            key={b.id}
            type="button"
            aria-pressed={s.themeBagImg === b.id}
            className={`bg-choice${s.themeBagImg === b.id ? ' bg-choice-active' : ''}`}
            style={{ background: backgroundCss(b.id, s.themeMode) }}
            onClick={() => s.update({ themeBagImg: b.id })}
          >
            <span>{t(b.labelKey)}</span>
          </button>
        ))}
      </div>
      <Row label={t('settings.notifyCueTone')} help={t('settings.notifyCueToneHelp')}>
        <Switch
          checked={s.notifyCueTone}
          onChange={(v) => s.update({ notifyCueTone: v })}
          aria-label={t('settings.notifyCueTone')}
        />
      </Row>
      <Row label={t('settings.keyboardEventNotify')} help={t('settings.keyboardEventNotifyHelp')}>
        <Switch
          checked={s.keyboardEventNotify}
          onChange={(v) => s.update({ keyboardEventNotify: v })}
          aria-label={t('settings.keyboardEventNotify')}
        />
      </Row>
    </Drawer>
  );
}
