import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration of the S3 store and metrics', () => {
  it('reads the S3 settings, path-style by default', () => {
    const c = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_HOST: 'https://files.example.com',
      METRICS_TOKEN: 'tok',
    });
    expect(c.storage).toBe('s3');
    expect(c.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicHost: 'https://files.example.com',
      forcePathStyle: true,
    });
    expect(c.metricsToken).toBe('tok');
    expect(loadConfig({ S3_FORCE_PATH_STYLE: '0' }).s3.forcePathStyle).toBe(false);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('refuses STORAGE=s3 without a bucket, with a clear message', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET: required with STORAGE=s3');
  });
});

describe('configuration of the outbound guard and the simulator ceilings', () => {
  it('keeps private addresses closed unless ALLOW_PRIVATE_NETWORK is 1 or true', () => {
    expect(loadConfig({}).allowPrivateNetwork).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_NETWORK: '0' }).allowPrivateNetwork).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_NETWORK: '1' }).allowPrivateNetwork).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_NETWORK: 'true' }).allowPrivateNetwork).toBe(true);
  });

  it('reads the traffic ceilings, 60 per account and 600 per tenant by default', () => {
    expect(loadConfig({})).toMatchObject({ simTrafficMax: 60, simTrafficTenantMax: 600 });
    expect(loadConfig({ SIM_TRAFFIC_MAX: '10', SIM_TRAFFIC_TENANT_MAX: '100' })).toMatchObject({
      simTrafficMax: 10,
      simTrafficTenantMax: 100,
    });
    expect(() => loadConfig({ SIM_TRAFFIC_MAX: '-1' })).toThrow('SIM_TRAFFIC_MAX');
  });
});

describe('TRUST_PROXY and retention', () => {
  it('reads a hop count, a list of proxies, or none', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
    ]);
  });

  it('refuses anything else with a clear message', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      'TRUST_PROXY: "yes" is not an address or a CIDR range',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: '1000' })).toThrow('TRUST_PROXY');
  });

  it('keeps login records 180 days unless told', () => {
    expect(loadConfig({}).loginRecordRetentionMs).toBe(180 * 86400_000);
    expect(loadConfig({ LOGIN_RECORD_RETENTION_DAYS: '30' }).loginRecordRetentionMs).toBe(
      30 * 86400_000,
    );
    expect(() => loadConfig({ LOGIN_RECORD_RETENTION_DAYS: '0' })).toThrow(
      'LOGIN_RECORD_RETENTION_DAYS',
    );
  });
});
