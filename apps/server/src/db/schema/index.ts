export * from './tenancy.ts';
export * from './auth.ts';
