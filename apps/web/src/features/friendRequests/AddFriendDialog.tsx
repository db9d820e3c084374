import { Alert, Avatar, Button, Flex, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addFriendsBody,
  fansSearchBody,
  MAX_GREETING_LENGTH,
  type AddFriendOutcome,
  type FansSearchResult,
} from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { friendRequestsApi } from './api.ts';
import { RequestStatusTag } from './RequestStatusTag.tsx';
import { avatarSrc } from '../bubbles/media.ts';

/** Props of {@link AddFriendDialog}. */
export interface AddFriendDialogProps {
  open: boolean;
  onClose: () => void;
}

interface SearchValues {
  workerWxid: string;
  keyword: string;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Adds a friend by phone number or platform id: search from an online work account, see the
 * person, write the greeting (required: '请填写申请备注'), send; the outcome shows SPEC §4's
 * status and §8's message ('request sent, wait for the other side to accept', 'Already a contact,
 * cannot add', 'contact number does not exist').
 */
export function AddFriendDialog({ open, onClose }: AddFriendDialogProps) {
  const { t } = useTranslation();
  const accounts = useWorkAccounts((s) => s.accounts);
  const current = useWorkAccounts((s) => s.wxAccount);
  const online = accounts.filter((a) => a.status === 'online');
  const [searchForm] = Form.useForm<SearchValues>();
  const [greetingForm] = Form.useForm<{ greeting: string }>();
  const [searching, setSearching] = useState(false);
  const [sending, setSending] = useState(false);
  const [person, setPerson] = useState<{ workerWxid: string; found: FansSearchResult } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<AddFriendOutcome | null>(null);

  const reset = () => {
    setPerson(null);
    setError(null);
    setOutcome(null);
    greetingForm.resetFields();
  };

  const handleSearch = async (v: SearchValues) => {
    reset();
    setSearching(true);
    try {
      const found = await friendRequestsApi.search({
        workerWxid: v.workerWxid,
        keyword: v.keyword.trim(),
      });
      setPerson({ workerWxid: v.workerWxid, found });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSearching(false);
    }
  };

  const handleSend = async ({ greeting }: { greeting: string }) => {
    if (!person) return;
    setSending(true);
    setError(null);
    try {
      const res = await friendRequestsApi.add({
        workerWxid: person.workerWxid,
        verifyContent: greeting.trim(),
        addFriends: [
          {
            wxid: person.found.wxid,
            ticket: person.found.ticket || undefined,
            alias: person.found.alias || undefined,
            name: person.found.nickname || undefined,
          },
        ],
      });
      setOutcome(res.list[0] ?? null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  const defaultAccount = online.find((a) => a.wxid === current?.wxid)?.wxid ?? online[0]?.wxid;
  const found = person?.found;
  return (
    <Modal
      open={open}
      title={t('friendRequests.dialog.title')}
      onCancel={onClose}
      afterClose={() => {
        reset();
        searchForm.resetFields();
      }}
      footer={null}
      destroyOnHidden
      data-testid="add-friend-dialog"
    >
      {online.length === 0 && (
        <Alert type="info" showIcon message={t('friendRequests.dialog.noOnline')} />
      )}
      <Form
        form={searchForm}
        layout="vertical"
        initialValues={{ workerWxid: defaultAccount }}
        onFinish={(v) => void handleSearch(v)}
        disabled={online.length === 0}
      >
        <Form.Item
          name="workerWxid"
          label={t('friendRequests.dialog.account')}
          rules={[{ required: true, message: t('msg.workAccountRequired') }]}
        >
          <Select
            placeholder={t('friendRequests.dialog.accountPlaceholder')}
            options={online.map((a) => ({
              value: a.wxid,
              label: a.remark || a.nickname || a.wxid,
            }))}
            data-testid="add-friend-account"
          />
        </Form.Item>
        <Form.Item label={t('friendRequests.dialog.keyword')} required>
          <Space.Compact block>
            <Form.Item
              name="keyword"
              noStyle
              rules={[zodRule(fansSearchBody.shape.keyword, t, t('friendRequests.dialog.keyword'))]}
            >
              <Input
                allowClear
                placeholder={t('friendRequests.dialog.keywordPlaceholder')}
                data-testid="add-friend-keyword"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={searching}
              data-testid="add-friend-search"
            >
              {t('friendRequests.dialog.search')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} data-testid="add-friend-error" />}
      {found && (
        <Flex gap={12} align="center" className="fr-person" data-testid="add-friend-person">
          <Avatar size={48} src={avatarSrc(found.avatar)}>
            {found.nickname.slice(0, 1)}
          </Avatar>
          <div className="fr-person-text">
            <Typography.Text strong>{found.nickname}</Typography.Text>
            <Typography.Text type="secondary">
              {t('friendRequests.dialog.alias')}
              {t('common.colon')}
              {found.alias || found.wxid}
            </Typography.Text>
            {(found.province || found.city) && (
              <Typography.Text type="secondary">
                {t('friendRequests.dialog.region')}
                {t('common.colon')}
                {[found.province, found.city].filter(Boolean).join(' ')}
              </Typography.Text>
            )}
          </div>
        </Flex>
      )}
      {found?.isFriend && (
        <Alert
          type="warning"
          showIcon
          message={t('msg.alreadyFriend')}
          data-testid="add-friend-already"
        />
      )}
      {found && !found.isFriend && !outcome && (
        <Form form={greetingForm} layout="vertical" onFinish={(v) => void handleSend(v)}>
          <Form.Item
            name="greeting"
            required
            label={t('friendRequests.dialog.greeting')}
            rules={[
              zodRule(addFriendsBody.shape.verifyContent, t, t('friendRequests.dialog.greeting')),
            ]}
          >
            <Input.TextArea
              rows={2}
              maxLength={MAX_GREETING_LENGTH}
              showCount
              placeholder={t('friendRequests.dialog.greetingPlaceholder')}
              data-testid="add-friend-greeting"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending} data-testid="add-friend-send">
            {t('friendRequests.dialog.send')}
          </Button>
        </Form>
      )}
      {outcome && (
        <Alert
          type={outcome.status === 1 || outcome.status === 3 ? 'success' : 'warning'}
          showIcon
          data-testid="add-friend-outcome"
          message={
            <Space wrap>
              <RequestStatusTag item={{ status: outcome.status, direction: 'out' }} />
              <span>{outcome.message}</span>
            </Space>
          }
          action={
            <Button size="small" onClick={reset}>
              {t('friendRequests.dialog.again')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}
