import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import './listPage.css';

/** Props of {@link ListPage}. */
export interface ListPageProps {
  /** The card title; leave out with `bare` (a tab inside another page). */
  title?: ReactNode;
  /** Buttons in the card header, beside the title (e.g. open the simulator). */
  extra?: ReactNode;
  /** A message above the toolbar: what to do first, why the list is limited, … */
  notice?: ReactNode;
  /** Filters, on the left of the toolbar. */
  filters?: ReactNode;
  /** Actions (add, export, bulk actions), on the right of the toolbar. */
  actions?: ReactNode;
  /** The table and the page's dialogs. */
  children: ReactNode;
  /** No card around the list (it already sits in one, e.g. in a tab). */
  bare?: boolean;
  testId?: string;
}

/** The toolbar of a list: filters on the left, actions on the right, both wrapping when narrow. */
export function ListToolbar({ filters, actions }: { filters?: ReactNode; actions?: ReactNode }) {
  if (!filters && !actions) return null;
  return (
    <Flex justify="space-between" align="center" gap={8} wrap className="list-toolbar">
      <Flex gap={8} wrap align="center" className="list-toolbar-filters">
        {filters}
      </Flex>
      <Flex gap={8} wrap align="center" className="list-toolbar-actions">
        {actions}
      </Flex>
    </Flex>
  );
}

/** The frame of a list screen: card, notice, toolbar, then the table. */
export function ListPage({
  title,
  extra,
  notice,
  filters,
  actions,
  children,
  bare,
  testId,
}: ListPageProps) {
  const body = (
    <>
      {notice && <div className="list-notice">{notice}</div>}
      <ListToolbar filters={filters} actions={actions} />
      {children}
    </>
  );
  if (bare) return <div data-testid={testId}>{body}</div>;
  return (
    <Card title={title} extra={extra} className="page list-page" data-testid={testId}>
      {body}
    </Card>
  );
}
