import { Checkbox, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PERMISSION_GROUPS,
  PERMISSION_NEEDS,
  type Permission,
  type PermissionGroup,
} from '@cst/shared';
import type { PermissionOption } from './api.ts';

/** Props of {@link PermissionPicker} (a form control: `value` and `onChange` come from Form.Item). */
export interface PermissionPickerProps {
  /** The server's permissions, labelled in the console's language. */
  options: PermissionOption[];
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** `keys` with everything they need, transitively (checking "send" checks "read"). */
export function withNeeds(keys: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const todo = [...keys];
  while (todo.length) {
    const k = todo.pop()!;
    if (out.has(k)) continue;
    out.add(k);
    todo.push(...(PERMISSION_NEEDS[k as Permission] ?? []));
  }
  return out;
}

/** `keys` less `removed` and everything that needs one of them (unchecking "read" drops "send"). */
export function withoutDependents(keys: Iterable<string>, removed: Iterable<string>): Set<string> {
  const out = new Set(keys);
  const todo = [...removed];
  while (todo.length) {
    const k = todo.pop()!;
    out.delete(k);
    for (const p of out) {
      if (PERMISSION_NEEDS[p as Permission]?.includes(k as Permission)) todo.push(p);
    }
  }
  return out;
}

/**
 * The role editor's permissions: grouped, each group with a select-all, and a permission's needs
 * checked with it (each one says what it needs), so a role that cannot work cannot be saved.
 */
export function PermissionPicker({ options, value = [], onChange }: PermissionPickerProps) {
  const { t } = useTranslation();
  const labelOf = new Map(options.map((o) => [o.key, o.label]));
  const chosen = new Set(value);
  // In the server's order, so a permission the groups do not know yet still shows (last).
  const grouped = new Set<string>(Object.values(PERMISSION_GROUPS).flat());
  const groups: [PermissionGroup | 'other', string[]][] = [
    ...(Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly string[]][]).map(
      ([g, keys]): [PermissionGroup, string[]] => [g, keys.filter((k) => labelOf.has(k))],
    ),
    ['other', options.map((o) => o.key).filter((k) => !grouped.has(k))],
  ];
  const emit = (next: Set<string>) =>
    onChange?.(options.map((o) => o.key).filter((k) => next.has(k)));
  const toggle = (keys: string[], on: boolean) =>
    emit(on ? withNeeds([...chosen, ...keys]) : withoutDependents(chosen, keys));

  return (
    <div className="permission-picker" data-testid="role-permissions">
      {groups
        .filter(([, keys]) => keys.length > 0)
        .map(([group, keys]) => {
          const count = keys.filter((k) => chosen.has(k)).length;
          return (
            <div
              key={group}
              className="permission-group"
              style={{ marginBottom: 12 }}
              data-testid={`perm-group-${group}`}
            >
              <Checkbox
                checked={count === keys.length}
                indeterminate={count > 0 && count < keys.length}
                onChange={(e) => toggle(keys, e.target.checked)}
                data-testid={`perm-group-all-${group}`}
              >
                <Typography.Text strong>{t(`rolesPage.group.${group}`)}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                  {t('rolesPage.selectAll')}
                </Typography.Text>
              </Checkbox>
              <Row gutter={[8, 4]} style={{ marginTop: 6, paddingLeft: 24 }}>
                {keys.map((k) => {
                  const needs = PERMISSION_NEEDS[k as Permission] ?? [];
                  return (
                    <Col xs={24} sm={12} key={k}>
                      <Checkbox
                        checked={chosen.has(k)}
                        onChange={(e) => toggle([k], e.target.checked)}
                        data-testid={`perm-${k}`}
                      >
                        {labelOf.get(k)}
                      </Checkbox>
                      {needs.length > 0 && (
                        <Typography.Text
                          type="secondary"
                          style={{ display: 'block', fontSize: 12, paddingLeft: 24 }}
                        >
                          {t('rolesPage.needs', {
                            names: needs.map((n) => labelOf.get(n) ?? n).join(t('rolesPage.sep')),
                          })}
                        </Typography.Text>
                      )}
                    </Col>
                  );
                })}
              </Row>
            </div>
          );
        })}
    </div>
  );
}
