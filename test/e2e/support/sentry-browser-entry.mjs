// The browser SDK as an application bundles it (e2e: error tracking); exposed for the test page.
import * as Sentry from '@sentry/browser';

globalThis.Sentry = Sentry;
