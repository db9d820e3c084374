/**
 * The `<link>` of antd's style sheet, added by index.html's preload script (vite.config.ts) or by
 * `loadAntdStyles` (AntdFrame.tsx): marked with this attribute, whose value becomes
 * {@link ANTD_CSS_SETTLED} once the sheet has loaded or failed, so a late reader need not wait for
 * events that already fired.
 */
export const ANTD_CSS_ATTR = 'data-antd-css';
export const ANTD_CSS_SETTLED = 'settled';
