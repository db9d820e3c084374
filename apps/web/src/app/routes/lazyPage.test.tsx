import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage, preloadPage } from './lazyPage.ts';
import type { AppRoute } from './types.ts';

const route = (name: string): AppRoute => ({
  path: `/${name}`,
  titleKey: 'route.home',
  access: 'user',
  layout: 'shell',
  ready: true,
  load: async () =>
    function Page() {
      return <p>{name}</p>;
    },
});

function show(r: AppRoute) {
  const Page = lazyPage(r);
  render(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  afterEach(cleanup);

  it('shows a preloaded page in the first render, without the loading fallback', async () => {
    const r = route('early');
    await preloadPage(r);
    show(r);
    expect(screen.getByText('early')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback until a page that was not preloaded has loaded', async () => {
    const r = route('late');
    show(r);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('late')).toBeTruthy();
  });

  it('keeps the lazy page of a route whose preload was still on its way at its first render', async () => {
    const r = route('racing');
    const preload = preloadPage(r);
    const first = lazyPage(r);
    show(r);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(() => preload);
    expect(await screen.findByText('racing')).toBeTruthy();
    // The component of the first render stays the route's page (no remount once it arrived).
    expect(lazyPage(r)).toBe(first);
  });
});
