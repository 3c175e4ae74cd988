import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCataloguePart } from '@/lib/i18n';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The texts of the first screens (the catalogue's public part, in the starting language) come
// before the first render: no screen ever shows a missing key (decision 162).
void loadCataloguePart('public').then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
