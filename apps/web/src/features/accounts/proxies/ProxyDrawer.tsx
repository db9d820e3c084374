import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProxyItem } from '@cst/shared';
import { accountsKeys, proxiesApi } from '../api.ts';
import { ProxyAddModal } from './ProxyAddModal.tsx';
import { useProxies } from './useProxies.ts';

/** Props of {@link ProxyDrawer}. */
export interface ProxyDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The tenant's socks5 proxies: list, add from text lines, delete (not while accounts use one). */
export function ProxyDrawer({ open, onClose }: ProxyDrawerProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const proxies = useProxies(open);
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountsKeys.all });

  const handleDelete = () => {
    void modal.confirm({
      title: t('proxies.deleteConfirm', { count: selected.length }),
      okButtonProps: { danger: true, 'data-testid': 'proxy-delete-ok' },
      onOk: async () => {
        const res = await proxiesApi.remove(selected);
        void message.success(t('proxies.deleted', { count: res.count }));
        setSelected([]);
        refresh();
      },
    });
  };

  return (
    <Drawer
      title={t('proxies.title')}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={handleDelete}
            data-testid="proxy-delete"
          >
            {t('common.delete')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="proxy-add"
          >
            {t('proxies.add')}
          </Button>
        </Space>
      }
    >
      <Table<ProxyItem>
        rowKey="id"
        size="small"
        loading={proxies.isFetching}
        dataSource={proxies.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) }}
        pagination={{ pageSize: 50, showTotal: (total) => t('common.total', { total }) }}
        data-testid="proxy-table"
        columns={[
          { title: t('proxies.label'), dataIndex: 'label' },
          { title: t('proxies.type'), dataIndex: 'type', render: (v: string) => <Tag>{v}</Tag> },
          { title: t('proxies.username'), dataIndex: 'username', render: (v: string) => v || '—' },
          { title: t('proxies.accounts'), dataIndex: 'accountCount', width: 120 },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            width: 150,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
      <ProxyAddModal
        open={adding}
        onAdded={refresh}
        onClose={(added) => {
          setAdding(false);
          if (added) refresh();
        }}
      />
    </Drawer>
  );
}
