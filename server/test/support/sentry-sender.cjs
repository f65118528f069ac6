// Sends errors to a DSN with the real @sentry/node SDK, as an application would (error-tracking tests).
// usage: SENTRY_DSN=... SEND_COUNT=2 SEND_USER=u1 node sentry-sender.cjs
const Sentry = require('@sentry/node');

Sentry.init({
  dsn: process.env.SENTRY_DSN,
  release: 'checkout@1.4.2',
  environment: 'production',
  tracesSampleRate: 0,
  // Dedupe drops an error identical to the one before; the test sends the same error on purpose
  integrations: (defaults) => defaults.filter((i) => i.name !== 'Dedupe'),
});

function chargeCard(amount) {
  if (amount > 0) throw new TypeError(`Card declined for ${amount}`);
}

function checkout() {
  chargeCard(42);
}

const count = Number(process.env.SEND_COUNT || '1');
for (let i = 0; i < count; i++) {
  Sentry.setUser({ id: `${process.env.SEND_USER || 'user'}-${i % 2}` });
  try {
    checkout();
  } catch (e) {
    Sentry.captureException(e);
  }
}
Sentry.flush(10000).then((ok) => process.exit(ok ? 0 : 3));
