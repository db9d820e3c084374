import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { positionBody, type PositionItem } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { positionsApi, seatsKeys } from './api.ts';

/** Positions (job titles) of the tenant: list, add, rename, delete. */
export function PositionsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [editing, setEditing] = useState<PositionItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const { data, isFetching } = useQuery({
    queryKey: seatsKeys.positions,
    queryFn: positionsApi.list,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: seatsKeys.positions });
  const current = editing !== null && editing !== 'new' ? editing : null;

  const handleOk = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      if (current) await positionsApi.edit(current.id, name);
      else await positionsApi.add(name);
      void message.success(t('common.saved'));
      setEditing(null);
      await refresh();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async (p: PositionItem) => {
    try {
      await positionsApi.remove(p.id);
      void message.success(t('common.deleted'));
      await refresh();
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <>
      <Flex justify="flex-end" className="table-toolbar">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="add-position"
        >
          {t('positions.add')}
        </Button>
      </Flex>
      <Table<PositionItem>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('positions.name'), dataIndex: 'name' },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            width: 180,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 160,
            render: (_: unknown, p) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(p)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('positions.deleteConfirm', { name: p.name })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => handleDelete(p)}
                >
                  <Button type="link" size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={t(current ? 'positions.edit' : 'positions.add')}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void handleOk().catch(() => undefined)}
        confirmLoading={saving}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'position-form-ok' }}
      >
        <Form form={form} layout="vertical" clearOnDestroy initialValues={{ name: current?.name }}>
          <Form.Item
            name="name"
            label={t('positions.name')}
            required
            rules={[zodRule(positionBody.shape.name, t, t('positions.name'))]}
          >
            <Input placeholder={t('positions.namePlaceholder')} data-testid="position-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
