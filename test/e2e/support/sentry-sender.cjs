// An application reporting an error with the real @sentry/node SDK (e2e: error tracking).
// usage: SENTRY_DSN=... SEND_MESSAGE='...' node sentry-sender.cjs
const Sentry = require('@sentry/node');

Sentry.init({ dsn: process.env.SENTRY_DSN, release: 'shop@2.0.0', environment: 'production', tracesSampleRate: 0 });

function renderInvoice(order) {
  return order.lines.map((l) => l.total);
}

try {
  renderInvoice({ id: 7, message: process.env.SEND_MESSAGE });
} catch (e) {
  e.message = `${process.env.SEND_MESSAGE}: ${e.message}`;
  Sentry.captureException(e);
}
Sentry.flush(10000).then((ok) => process.exit(ok ? 0 : 3));
