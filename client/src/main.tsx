import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { readPageData } from './shared/pageData';
import { appStore } from './shared/store';
import { queryClient } from './shared/queryClient';
import { eventRegistry } from './realtime/eventRegistry';
import { registerRealtimeFeatures } from './registerRealtimeFeatures';
import { csrfTokenAtom, currentUserAtom } from './features/session/sessionAtoms';
import './shared/styles/base.css';
import './shared/styles/components.css';
import './shared/styles/pages.css';

const pageData = readPageData();
appStore.set(currentUserAtom, pageData.currentUser);
appStore.set(csrfTokenAtom, pageData.csrfToken);
registerRealtimeFeatures(eventRegistry);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Provider store={appStore}>
        <BrowserRouter>
          <App pageData={pageData} />
        </BrowserRouter>
      </Provider>
    </QueryClientProvider>
  </StrictMode>,
);
