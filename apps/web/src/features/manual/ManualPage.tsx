import { Empty, Input, Layout, List, Menu, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../i18n/index.ts';
import { isManualArea, MANUAL_SCREENS, manualShot, type ManualArea } from './areas.ts';
import { MANUAL } from './content.ts';
import { searchManual } from './search.ts';
import type { ManualPage as ManualPageContent } from './types.ts';
import './manual.css';

/** The id of a section's heading, for links from search results. */
const sectionId = (page: ManualArea, index: number) => `manual-${page}-${index}`;

/** A page's screenshot; without the file (not made yet) its description shows instead. */
function Shot({ page }: { page: ManualPageContent }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  useEffect(() => setMissing(false), [page.id]);
  if (missing) {
    return (
      <div className="manual-shot-missing" data-testid="manual-shot-missing">
        {t('manual.noShot', { alt: page.shotAlt })}
      </div>
    );
  }
  return (
    <img
      key={page.id}
      className="manual-shot"
      src={manualShot(page.id)}
      alt={page.shotAlt}
      loading="lazy"
      data-testid="manual-shot"
      onError={() => setMissing(true)}
    />
  );
}

function Paragraphs({ paragraphs }: { paragraphs: string[] }) {
  const out: ReactNode[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length)
      out.push(
        <ul key={`ul-${out.length}`}>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>,
      );
    items = [];
  };
  for (const p of paragraphs) {
    if (p.startsWith('• ')) {
      items.push(p.slice(2));
      continue;
    }
    flush();
    out.push(<Typography.Paragraph key={p}>{p}</Typography.Paragraph>);
  }
  flush();
  return <>{out}</>;
}

/**
 * The manual (使用手册): one page per area of the console, in the user's language, with a
 * search over every page. The page and the search are in the URL (`?page=inbox&q=…`), so a
 * screen's 「?」 links straight to its page and a search survives a reload.
 */
export function ManualPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pages = MANUAL[currentLanguage()];
  const wanted = params.get('page');
  const current: ManualArea = isManualArea(wanted) ? wanted : pages[0]!.id;
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  useEffect(() => setTyped(query), [query]);
  const hits = useMemo(() => searchManual(pages, query), [pages, query]);
  const page = pages.find((p) => p.id === current) ?? pages[0]!;
  const section = params.get('section');

  useEffect(() => {
    if (section === null) return;
    document
      .getElementById(sectionId(current, Number(section)))
      ?.scrollIntoView({ block: 'start' });
  }, [current, section]);

  const go = (next: Partial<Record<'page' | 'q' | 'section', string | null>>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '' || v === undefined) merged.delete(k);
      else merged.set(k, v);
    }
    setParams(merged);
  };

  return (
    <Layout className="manual" data-testid="manual">
      <Layout.Sider width={280} theme="light" className="manual-sider">
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            if (!e.target.value) go({ q: null });
          }}
          onSearch={(v) => go({ q: v.trim() || null })}
          placeholder={t('manual.searchPlaceholder')}
          aria-label={t('manual.search')}
          data-testid="manual-search"
        />
        {query ? (
          <div className="manual-results" data-testid="manual-results">
            <Typography.Text type="secondary">
              {t('manual.results', { count: hits.length })}
            </Typography.Text>
            {hits.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('manual.noResults', { q: query })}
              />
            ) : (
              <List
                size="small"
                dataSource={hits}
                renderItem={(hit) => {
                  const target = pages.find((p) => p.id === hit.page)!;
                  const index = target.sections.findIndex((s) => s.heading === hit.section);
                  return (
                    <List.Item
                      className="manual-hit"
                      data-testid="manual-hit"
                      data-page={hit.page}
                      onClick={() =>
                        go({ page: hit.page, section: index >= 0 ? String(index) : null })
                      }
                    >
                      <div>
                        <Typography.Text strong>
                          {hit.pageTitle}
                          {hit.section ? ` · ${hit.section}` : ''}
                        </Typography.Text>
                        <div className="manual-snippet">{hit.snippet}</div>
                      </div>
                    </List.Item>
                  );
                }}
              />
            )}
          </div>
        ) : (
          <nav aria-label={t('manual.contents')}>
            <Menu
              mode="inline"
              selectedKeys={[current]}
              data-testid="manual-contents"
              items={pages.map((p) => ({ key: p.id, label: p.title }))}
              onClick={({ key }) => go({ page: key, section: null })}
            />
          </nav>
        )}
      </Layout.Sider>
      <Layout.Content className="manual-content">
        <article data-testid="manual-page" data-page={page.id}>
          <Typography.Title level={2}>{page.title}</Typography.Title>
          <Typography.Paragraph className="manual-summary">{page.summary}</Typography.Paragraph>
          <Link to={MANUAL_SCREENS[page.id]} data-testid="manual-open-screen">
            {t('manual.open')}
          </Link>
          <figure className="manual-figure">
            <Shot page={page} />
          </figure>
          {page.sections.map((s, i) => (
            <section key={s.heading} id={sectionId(page.id, i)}>
              <Typography.Title level={4}>{s.heading}</Typography.Title>
              <Paragraphs paragraphs={s.paragraphs} />
            </section>
          ))}
        </article>
      </Layout.Content>
    </Layout>
  );
}
