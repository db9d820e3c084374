import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SensitiveRecords } from './SensitiveRecords.tsx';
import { SensitiveWords } from './SensitiveWords.tsx';
import { SensitiveModeSetting } from '../notes/SensitiveModeSetting.tsx';

/** Sensitive words: the tenant's list (bulk add, delete) and the messages that hit one. */
export function SensitiveWordsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'records' ? 'records' : 'words';
  return (
    <Card title={t('sensitivePage.title')} className="page" data-testid="sensitive-page">
      <SensitiveModeSetting />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'records' ? { tab: key } : {})}
        destroyOnHidden
        items={[
          { key: 'words', label: t('sensitivePage.words'), children: <SensitiveWords /> },
          { key: 'records', label: t('sensitivePage.records'), children: <SensitiveRecords /> },
        ]}
      />
    </Card>
  );
}
