import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/session/sessionStore.ts';
import { aiApi, aiKeys } from './api.ts';
import { AI_SETTINGS_PATH } from './useAiAccess.ts';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * This month's AI usage beside the bill (issue 33 §1): tokens in all against the budget, and
 * calls and tokens per feature. Nothing shows for a tenant without AI that used none.
 */
export function AiUsageBar() {
  const { t } = useTranslation();
  const manager = useCan('ai.manage');
  const { data } = useQuery({
    queryKey: aiKeys.usage,
    queryFn: () => aiApi.usage(),
    staleTime: 60_000,
  });
  if (!data || (!data.configured && data.totalTokens === 0)) return null;
  return (
    <Flex gap={24} wrap align="baseline" className="ai-usage-bar" data-testid="ai-usage-bar">
      <Typography.Text strong>{t('ai.billTitle', { month: data.month })}</Typography.Text>
      <Typography.Text data-testid="ai-usage-total">
        {data.monthlyTokenBudget === null
          ? t('ai.billTotal', { n: n(data.totalTokens) })
          : t('ai.billTotalOf', { n: n(data.totalTokens), budget: n(data.monthlyTokenBudget) })}
      </Typography.Text>
      {data.byFeature.map((f) => (
        <Typography.Text type="secondary" key={f.feature} data-testid="ai-usage-feature">
          {t('ai.billFeature', {
            feature: t(`ai.features.${f.feature}`, { defaultValue: f.feature }),
            calls: n(f.calls),
            tokens: n(f.promptTokens + f.completionTokens),
          })}
        </Typography.Text>
      ))}
      {manager && <Link to={AI_SETTINGS_PATH}>{t('ai.goSettings')}</Link>}
    </Flex>
  );
}
