import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { CaptchaModal } from './shared/captcha/CaptchaModal';
import { MergeRequestPopover } from './features/merge-requests/MergeRequestPopover';
import { readPageData } from './shared/pageData';
import { appStore } from './shared/store';
import { queryClient } from './shared/queryClient';
import { eventRegistry } from './realtime/eventRegistry';
import { registerRealtimeFeatures } from './registerRealtimeFeatures';
import { csrfTokenAtom, currentUserAtom } from './features/session/sessionAtoms';
import { emailConfirmationAtom } from './features/registration/emailConfirmationAtom';
import { prefetchFirstDiscussionsPage } from './features/notes/notesApi';
import { NOTES_FILTER, noteablePaths } from '@tandem/shared-types';
import './shared/styles/base.css';
import './shared/styles/components.css';
import './shared/styles/pages.css';
import { IconSprite } from './shared/ui/Icon';

const pageData = readPageData();
appStore.set(currentUserAtom, pageData.currentUser);
appStore.set(csrfTokenAtom, pageData.csrfToken);
appStore.set(emailConfirmationAtom, pageData.emailConfirmation ?? null);
registerRealtimeFeatures(eventRegistry);
// The issue page's discussions: their first page is read while React renders the page
const issuePage = pageData.issue;
if (issuePage && !window.location.hash.startsWith('#note_')) {
  const { discussions } = noteablePaths(issuePage.project.path_with_namespace, issuePage.issue.iid, issuePage.issue.id);
  prefetchFirstDiscussionsPage(discussions, issuePage.notesData?.notesFilter ?? NOTES_FILTER.all);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Provider store={appStore}>
        <BrowserRouter>
          <App pageData={pageData} />
          <IconSprite />
          <CaptchaModal />
          <MergeRequestPopover />
        </BrowserRouter>
      </Provider>
    </QueryClientProvider>
  </StrictMode>,
);
