import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyComponent } from './lazyComponent.tsx';

/** A component that counts its mounts, and a loader of it that resolves when told to. */
function deferred(name: string) {
  const mounts = { n: 0 };
  function Part({ label }: { label: string }) {
    useEffect(() => {
      mounts.n++;
    }, []);
    return <p>{`${name} ${label}`}</p>;
  }
  let resolve!: (c: ComponentType<{ label: string }>) => void;
  const load = () => new Promise<ComponentType<{ label: string }>>((r) => (resolve = r));
  return { mounts, load, done: () => resolve(Part) };
}

describe('lazyComponent', () => {
  afterEach(cleanup);

  it('draws a preloaded part in the first render, never its fallback', async () => {
    const d = deferred('chart');
    const Chart = lazyComponent(d.load, <p>loading</p>);
    const preloaded = Chart.preload();
    d.done();
    await preloaded;
    render(<Chart label="a" />);
    expect(screen.getByText('chart a')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback until a part not loaded yet comes, then keeps it mounted', async () => {
    const d = deferred('pie');
    const Pie = lazyComponent(d.load, <p>loading</p>);
    const { rerender } = render(<Pie label="a" />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => d.done());
    expect(await screen.findByText('pie a')).toBeTruthy();
    rerender(<Pie label="b" />);
    expect(screen.getByText('pie b')).toBeTruthy();
    expect(d.mounts.n).toBe(1);
  });

  it('loads once however often it is preloaded', async () => {
    let calls = 0;
    const Part = lazyComponent(async () => {
      calls++;
      return function Part() {
        return <p>part</p>;
      };
    }, null);
    await Promise.all([Part.preload(), Part.preload()]);
    await Part.preload();
    expect(calls).toBe(1);
  });
});
