import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationItem, Permission } from '@cst/shared';
import { renderAt } from '../../components/listPage/testFrame.tsx';
import { i18n } from '../../i18n/index.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { MomentMediaPicker } from '../moments/MomentMediaPicker.tsx';
import { MaterialPanel } from './MaterialPanel.tsx';
import { PickMaterialButton } from './PickMaterialButton.tsx';
import './MomentMaterialPicker.tsx';

// The panel only reads the conversation when it sends.
const conv = { index_name: '1__wxid_friend__wxid_acc' } as ConversationItem;

function shows(permissions: Permission[]) {
  cleanup();
  signInForTest(permissions);
  renderAt(
    '/',
    <>
      <MaterialPanel conv={conv} />
      <PickMaterialButton types={[1]} max={3} onPick={() => {}} testId="pick-material" />
      <MomentMediaPicker kind="image" />
    </>,
  );
  return {
    panel: screen.queryByTestId('composer-material') !== null,
    picker: screen.queryByTestId('pick-material') !== null,
    // The moment composer's button has the forms' label, without their test id.
    moments: screen
      .queryAllByRole('button', { name: /从素材库选择/ })
      .some((b) => b.dataset.testid !== 'pick-material'),
  };
}

describe('the material library entries follow the role', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('are hidden from a custom role that may not read the library', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(shows(['task.manage', 'moments.manage', 'autoreply.manage'])).toEqual({
      panel: false,
      picker: false,
      moments: false,
    });
  });

  it('offer the forms’ pickers to a reader, and the composer’s panel to a sender only', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(shows(['conversation.read', 'moments.manage'])).toEqual({
      panel: false,
      picker: true,
      moments: true,
    });
    expect(shows(['conversation.send'])).toEqual({ panel: true, picker: true, moments: true });
    expect(shows(['library.manage'])).toEqual({ panel: false, picker: true, moments: true });
  });
});
