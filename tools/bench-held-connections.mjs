// `npm run bench:held-connections`: /health latency while many clients hold connections open
// without finishing a request (half send part of the headers, half send nothing), and how long
// the service lets them hold on. Prints p50/p95/p99 of /health and the held connections still open.
import { connect } from 'node:net';
import { startBuiltService } from './lib/built-service.mjs';

const HELD = Number(process.env.HELD ?? 200);
const SAMPLES = Number(process.env.SAMPLES ?? 500);

function hold(base, index) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const held = { socket, closedAt: undefined };
    socket.once('close', () => (held.closedAt = performance.now()));
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      if (index % 2) socket.write('GET /health HTTP/1.1\r\nHost: bench\r\n');
      resolve(held);
    });
    socket.once('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const service = await startBuiltService({});
try {
  const openedAt = performance.now();
  const held = await Promise.all(Array.from({ length: HELD }, (_, i) => hold(service.base, i)));
  const latencies = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(`${service.base}/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  const stillOpen = held.filter((h) => h.closedAt === undefined).length;
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const closedTimes = held
    .filter((h) => h.closedAt !== undefined)
    .map((h) => h.closedAt - openedAt)
    .sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(2)} ms`;
  console.log(`held connections: ${HELD}; /health samples: ${SAMPLES}`);
  console.log(
    `/health p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}`,
  );
  console.log(`held connections open while sampling ended: ${stillOpen}`);
  console.log(
    `held connections closed by the service after 15 s more: ${closedTimes.length} of ${HELD}` +
      (closedTimes.length
        ? ` (median ${ms(percentile(closedTimes, 50))} after opening, last ${ms(closedTimes.at(-1))})`
        : ''),
  );
  for (const h of held) h.socket.destroy();
} finally {
  await service.stop();
}
