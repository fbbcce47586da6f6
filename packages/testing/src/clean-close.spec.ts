import { createServer } from 'node:net';
import { closeReport } from './clean-close';

describe('closeReport', () => {
  it('reports nothing for a scenario that closes what it opened', async () => {
    const report = await closeReport(async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const timer = setInterval(() => undefined, 1_000);
      clearInterval(timer);
      await new Promise((resolve) => server.close(resolve));
    });
    expect(report).toEqual({ leaked: [] });
  });

  it('reports a timer and a server left open', async () => {
    let timer: NodeJS.Timeout | undefined;
    const server = createServer();
    try {
      const report = await closeReport(async () => {
        timer = setInterval(() => undefined, 1_000);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      }, 300);
      expect(report).toEqual({ leaked: ['Timeout x1', 'TCPSERVERWRAP x1'] });
    } finally {
      clearInterval(timer);
      server.close();
    }
  });

  it('does not count what was open before the scenario began', async () => {
    const before = setInterval(() => undefined, 1_000);
    try {
      expect(await closeReport(async () => undefined)).toEqual({ leaked: [] });
    } finally {
      clearInterval(before);
    }
  });
});
