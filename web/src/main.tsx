import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Devanagari for Hindi, served with the app (many phones' and desktops' system fonts lack it); fetched only when a page
// shows Devanagari text (the faces' unicode-range).
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import '@fontsource/noto-sans-devanagari/devanagari-800.css';
import './i18n';
import { App } from './app/App';
import './index.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
