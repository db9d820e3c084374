import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Modal, Popconfirm, Table, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SensitiveWordItem } from '@cst/shared';
import { sensitiveApi } from './api.ts';
import { SensitiveRecords } from './SensitiveRecords.tsx';

/** Sensitive words: the tenant's list (bulk add, delete) and the messages that hit one. */
export function SensitiveWordsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['sensitive', 'words', page, keyword],
    queryFn: () => sensitiveApi.list(page.page, page.pageSize, keyword),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['sensitive'] });
  const add = async () => {
    const words = text
      .split(/\r?\n/)
      .map((w) => w.trim())
      .filter(Boolean);
    try {
      const r = await sensitiveApi.add(words.length ? words : ['']);
      void message.success(t('sensitivePage.added', r));
      setAdding(false);
      setText('');
      await refresh();
    } catch {
      // The client has shown the server's message.
    }
  };
  const remove = async (ids: string[]) => {
    try {
      await sensitiveApi.del(ids);
      void message.success(t('sensitivePage.deleted'));
      setSelected([]);
      await refresh();
    } catch {
      // Shown by the client.
    }
  };
  const words = (
    <>
      <Flex justify="space-between" gap={8} wrap className="table-toolbar">
        <Input.Search
          allowClear
          placeholder={t('sensitivePage.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
          style={{ maxWidth: 320 }}
        />
        <Flex gap={8}>
          <Popconfirm
            title={t('sensitivePage.deleteConfirm', { count: selected.length })}
            onConfirm={() => remove(selected)}
            disabled={selected.length === 0}
          >
            <Button danger disabled={selected.length === 0}>
              {t('sensitivePage.deleteSelected')}
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="sensitive-add"
          >
            {t('sensitivePage.add')}
          </Button>
        </Flex>
      </Flex>
      <Table<SensitiveWordItem>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t('sensitivePage.emptyWords') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) }}
        data-testid="sensitive-words"
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        columns={[
          { title: t('sensitivePage.word'), dataIndex: 'word' },
          {
            title: t('sensitivePage.createdAt'),
            dataIndex: 'createdAt',
            width: 200,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: '',
            width: 100,
            render: (_: unknown, w) => (
              <Popconfirm
                title={t('sensitivePage.deleteConfirm', { count: 1 })}
                onConfirm={() => remove([w.id])}
              >
                <Button type="link" danger size="small">
                  {t('sensitivePage.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={t('sensitivePage.addTitle')}
        onOk={() => void add()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Input.TextArea
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('sensitivePage.addHint')}
          data-testid="sensitive-add-input"
        />
      </Modal>
    </>
  );
  return (
    <Card title={t('sensitivePage.title')} data-testid="sensitive-page">
      <Tabs
        items={[
          { key: 'words', label: t('sensitivePage.words'), children: words },
          { key: 'records', label: t('sensitivePage.records'), children: <SensitiveRecords /> },
        ]}
      />
    </Card>
  );
}
