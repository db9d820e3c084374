import { Avatar, Badge, Empty, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwitcherAccount, WxTreeNode } from '@cst/shared';
import { statusDot } from '../status.ts';
import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import { avatarSrc } from '../../bubbles/media.ts';

/** Props of {@link SwitcherPanel}. */
export interface SwitcherPanelProps {
  onChosen: () => void;
}

const matches = (a: SwitcherAccount, kw: string) =>
  !kw || [a.nickname, a.remark, a.wxid].some((v) => v.toLowerCase().includes(kw));

/** The switcher's drop-down: search, then the accounts by account group with unread counts. */
export function SwitcherPanel({ onChosen }: SwitcherPanelProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const accounts = useWorkAccounts((s) => s.accounts);
  const tree = useWorkAccounts((s) => s.wxTreeData);
  const unread = useWorkAccounts((s) => s.sessionWsList);
  const current = useWorkAccounts((s) => s.wxAccount?.wxid);
  const choose = useWorkAccounts((s) => s.choose);
  const byWxid = new Map(accounts.map((a) => [a.wxid, a]));
  const unreadOf = (wxid: string) => unread.find((u) => u.wxid === wxid)?.unRead ?? 0;
  const kw = keyword.trim().toLowerCase();

  const renderNode = (node: WxTreeNode, depth: number): React.ReactNode => {
    const rows = node.wxids
      .map((w) => byWxid.get(w))
      .filter((a): a is SwitcherAccount => !!a && matches(a, kw));
    const children = node.children.map((c) => renderNode(c, depth + 1)).filter(Boolean);
    if (rows.length === 0 && children.length === 0) return null;
    return (
      <div key={node.id || 'ungrouped'} style={{ paddingLeft: depth * 12 }}>
        <Typography.Text type="secondary" className="wx-switcher-group">
          {node.name} · {node.wxids.length}
        </Typography.Text>
        {rows.map((a) => (
          <button
            key={a.wxid}
            type="button"
            className={`wx-switcher-item${a.wxid === current ? ' is-current' : ''}`}
            data-testid="wx-switcher-item"
            data-wxid={a.wxid}
            aria-current={a.wxid === current}
            onClick={() => {
              choose(a.wxid);
              onChosen();
            }}
          >
            <Badge dot status={statusDot(a.status)} offset={[-2, 26]}>
              <Avatar size={28} src={avatarSrc(a.avatar)}>
                {(a.remark || a.nickname || a.wxid).slice(0, 1)}
              </Avatar>
            </Badge>
            <span className="wx-switcher-name">
              <span>{a.remark || a.nickname || a.wxid}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`wxStatus.${a.status}`)}
                {a.risk && a.risk !== 'normal' && (
                  <span
                    className={`wx-switcher-risk is-${a.risk}`}
                    title={a.riskReason}
                    data-testid="wx-switcher-risk"
                    style={{ color: a.risk === 'danger' ? '#ff4d4f' : '#fa8c16', marginLeft: 6 }}
                  >
                    {t(`accountRisk.${a.risk}`)}
                  </span>
                )}
              </Typography.Text>
            </span>
            <Badge
              count={unreadOf(a.wxid)}
              overflowCount={999}
              title={t('switcher.unread', { count: unreadOf(a.wxid) })}
            />
          </button>
        ))}
        {children}
      </div>
    );
  };

  const nodes = tree.map((n) => renderNode(n, 0)).filter(Boolean);
  return (
    <div className="wx-switcher-panel" data-testid="wx-switcher-panel">
      <Input.Search
        allowClear
        size="small"
        placeholder={t('switcher.search')}
        aria-label={t('switcher.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <div className="wx-switcher-list">
        {nodes.length ? (
          nodes
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('switcher.none')} />
        )}
      </div>
    </div>
  );
}
