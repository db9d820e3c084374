// Every feature's texts, as the signed-in frame adds them (i18n/allTexts.ts).
import '../i18n/allTexts.ts';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { DEFAULT_LANGUAGE } from '@cst/shared';
import type * as Zustand from 'zustand';
import type { StateCreator } from 'zustand';
import { setLanguage } from '../i18n/index.ts';
import { fakeMediaQueryList } from './mediaQuery.ts';

// What jsdom lacks and antd asks for, once for every web test: matchMedia (the grid's and the
// table's breakpoints) and ResizeObserver (the table's sticky header and virtual body, the
// textarea's autosize).
window.matchMedia ??= (query: string) => fakeMediaQueryList(query);

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The test files of a worker share its modules and its document (vitest.config.ts: no
// isolation): each test starts as the first would, in the default language with empty storage
// and every store as created, and leaves nothing rendered, no fake clock and no stubbed global
// behind. Stores are created through zustand's `create`, which this file wraps to remember how
// each began (the set lives on globalThis: this file runs again for each test file, the wrapped
// module once per worker).
type StoreResets = Set<() => void>;
const resets = (): StoreResets =>
  ((globalThis as { __storeResets?: StoreResets }).__storeResets ??= new Set());

vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof Zustand>();
  const tracked = (creator: StateCreator<unknown>) => {
    const store = zustand.create(creator);
    const initial = store.getInitialState();
    resets().add(() => store.setState(initial, true));
    return store;
  };
  const create = (creator?: StateCreator<unknown>) => (creator ? tracked(creator) : tracked);
  return { ...zustand, create: create as unknown as typeof zustand.create };
});

beforeEach(async () => {
  for (const reset of resets()) reset();
  // setLanguage also remembers the choice in storage, which is then emptied.
  await setLanguage(DEFAULT_LANGUAGE);
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});
