import { App, Button, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createGroupBody, type GroupItem, type SwitcherAccount } from '@cst/shared';
import { FormField, FormFields, FormModal } from '../../components/listPage/index.ts';
import { accountOptions } from '../../lib/workAccounts/workAccountFilter.ts';
import { ContactPicker } from '../contactPicker/ContactPicker.tsx';
import { groupsApi } from './api.ts';
import { friendsOf, type Friend } from './pickFriends.ts';

interface FormValues {
  workWxid?: string;
  name?: string;
}

/** Props of {@link CreateGroupModal}. */
export interface CreateGroupModalProps {
  open: boolean;
  accounts: SwitcherAccount[];
  defaultAccount?: string;
  onClose: () => void;
  onCreated: (g: GroupItem) => void;
}

/** Starts a group of a work account with friends chosen in the contact picker. */
export function CreateGroupModal(props: CreateGroupModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [members, setMembers] = useState<Friend[]>([]);
  const [picking, setPicking] = useState(false);
  const workWxid = Form.useWatch('workWxid', form);

  const submit = async (v: FormValues) => {
    const g = await groupsApi.create({
      workWxid: v.workWxid ?? '',
      name: v.name?.trim() ?? '',
      wxids: members.map((m) => m.wxid),
    });
    void message.success(t('createGroup.created'));
    setMembers([]);
    props.onCreated(g);
  };

  return (
    <>
      <FormModal<FormValues>
        open={props.open}
        form={form}
        title={t('createGroup.title')}
        initialValues={{ workWxid: props.defaultAccount }}
        okTestId="create-group-ok"
        onSubmit={submit}
        onClose={(saved) => {
          if (!saved) setMembers([]);
          props.onClose();
        }}
      >
        <FormFields
          fields={[
            {
              kind: 'select',
              name: 'workWxid',
              label: 'createGroup.account',
              requiredMessage: 'msg.workAccountRequired',
              searchable: true,
              onChange: () => setMembers([]),
              options: accountOptions(props.accounts),
              testId: 'create-group-account',
            },
          ]}
        />
        <FormField name="name" label={t('createGroup.name')} schema={createGroupBody.shape.name}>
          <Input maxLength={30} data-testid="create-group-name" />
        </FormField>
        <FormField
          name="members"
          label={t('createGroup.members')}
          required
          rules={[
            {
              validator: async () => {
                if (members.length === 0) throw new Error(t('msg.pickAtLeastOne'));
              },
            },
          ]}
        >
          <Space wrap>
            <Button
              disabled={!workWxid}
              onClick={() => setPicking(true)}
              data-testid="create-group-pick"
            >
              {t('createGroup.pick')}
            </Button>
            <span>{t('createGroup.picked', { count: members.length })}</span>
            {members.map((m) => (
              <Tag
                key={m.wxid}
                closable
                onClose={() => setMembers((ms) => ms.filter((x) => x.wxid !== m.wxid))}
              >
                {m.name}
              </Tag>
            ))}
          </Space>
        </FormField>
      </FormModal>
      <ContactPicker
        open={picking}
        title={t('createGroup.pick')}
        onCancel={() => setPicking(false)}
        onConfirm={(picked) => {
          setPicking(false);
          const { friends, ignored } = friendsOf(picked, workWxid ?? '');
          if (ignored > 0) void message.warning(t('groupPanel.onlyFriends', { count: ignored }));
          setMembers((ms) => [...ms, ...friends.filter((f) => !ms.some((m) => m.wxid === f.wxid))]);
          void form.validateFields(['members']);
        }}
      />
    </>
  );
}
