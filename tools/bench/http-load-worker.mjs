// Closed-loop HTTP GET load for the polling benchmark (P3): `connections` keep-alive loops for
// `durationMs`, counting answers by status. Driven by its parent over IPC.
import http from 'node:http';

process.on('message', async ({ url, headers, connections, durationMs }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = {};
  let errors = 0;
  const deadline = Date.now() + durationMs;
  const one = () =>
    new Promise((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  agent.destroy();
  process.send({ statuses, errors });
  setTimeout(() => process.exit(0), 50);
});
