// What jsdom lacks and antd asks for, once for every web test: matchMedia (the grid's and the
// table's breakpoints) and ResizeObserver (the table's sticky header and virtual body, the
// textarea's autosize).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
