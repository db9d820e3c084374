import { afterEach, describe, expect, it, vi } from 'vitest';
import { translationApi } from './api.ts';
import { requestTranslation, translationKey, useTranslations } from './translationStore.ts';

afterEach(() => vi.restoreAllMocks());

describe('requestTranslation', () => {
  it('gathers the requests of one turn per conversation and language into one call, once', async () => {
    const calls: [string, string[], string][] = [];
    vi.spyOn(translationApi, 'messages').mockImplementation((indexName, ids, target) => {
      calls.push([indexName, ids, target]);
      return Promise.resolve({
        list: ids.map((messageId) => ({
          messageId,
          index_name: indexName,
          target,
          text: `t${messageId}`,
        })),
      });
    });
    requestTranslation('1__a__w', '11', 'en');
    requestTranslation('1__a__w', '12', 'en');
    requestTranslation('1__a__w', '11', 'en');
    requestTranslation('1__b__w', '13', 'ja');
    await vi.waitFor(() =>
      expect(useTranslations.getState().texts[translationKey('13', 'ja')]).toBe('t13'),
    );
    expect(calls).toEqual([
      ['1__a__w', ['11', '12'], 'en'],
      ['1__b__w', ['13'], 'ja'],
    ]);
    expect(useTranslations.getState().texts[translationKey('12', 'en')]).toBe('t12');
    // Known translations are not asked for again.
    requestTranslation('1__a__w', '12', 'en');
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toHaveLength(2);
  });

  it('asks again after a failed call', async () => {
    const spy = vi.spyOn(translationApi, 'messages').mockRejectedValueOnce(new Error('down'));
    requestTranslation('1__c__w', '21', 'en');
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10));
    spy.mockResolvedValueOnce({
      list: [{ messageId: '21', index_name: '1__c__w', target: 'en', text: 'ok' }],
    });
    requestTranslation('1__c__w', '21', 'en');
    await vi.waitFor(() =>
      expect(useTranslations.getState().texts[translationKey('21', 'en')]).toBe('ok'),
    );
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
