import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { bootFirstScreen } from './app/boot.ts';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A signed-in load waits (briefly) for its screen's code, fetched all at once, and renders once.
const booting = bootFirstScreen();
if (booting) void booting.then(render);
else render();
