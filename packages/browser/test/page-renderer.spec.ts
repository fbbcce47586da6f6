import { PublicUrlPolicy } from '@quarry/net';
import {
  closedPort,
  eventually,
  html,
  mappedLookup,
  redirect,
  startFixtureServer,
  startUdpCanary,
  udpProbeScript,
  type FixtureServer,
  type UdpCanary,
} from '@quarry/testing';
import { launch, type Browser } from 'puppeteer-core';
import {
  BROWSER_CONTAINMENT_ARGS,
  BrowserPool,
  loadPage,
  PageRenderer,
  type BrowserError,
  type LoadOptions,
} from '../src';
import { locateChromium } from '../src/pool/chromium.locator';

let site: FixtureServer;
let canary: FixtureServer;
let udpCanary: UdpCanary;
let refusedPort: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let pool: BrowserPool;
let renderer: PageRenderer;

/** Every way a page can reach the canary: IPv4, IPv6, a name resolving to loopback, metadata. */
function canaryUrls(scheme: 'http' | 'https' | 'ws' | 'wss', path: string): string[] {
  const port = canary.port;
  return [
    `${scheme}://127.0.0.1:${port}${path}`,
    `${scheme}://[::1]:${port}${path}`,
    `${scheme}://rebind.test:${port}${path}`,
    `${scheme}://localhost:${port}${path}`,
    `${scheme}://0x7f000001:${port}${path}`,
    `${scheme}://169.254.169.254${path}`,
  ];
}

function hostilePage(): string {
  const images = [...canaryUrls('http', '/img.png'), ...canaryUrls('https', '/img.png'), '/to-canary']
    .map((src) => `<img src="${src}">`)
    .join('');
  const frames = [canaryUrls('http', '/frame')[0], canaryUrls('https', '/frame')[2], '/to-canary']
    .map((src) => `<iframe src="${src}"></iframe>`)
    .join('');
  const styles = canaryUrls('http', '/style.css')
    .slice(0, 3)
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');
  const targets = JSON.stringify({
    fetch: [...canaryUrls('http', '/fetch'), ...canaryUrls('https', '/fetch'), '/to-canary'],
    xhr: [...canaryUrls('http', '/xhr'), '/to-canary'],
    ws: [...canaryUrls('ws', '/ws'), ...canaryUrls('wss', '/ws')],
  });
  const hints = ['prefetch', 'preconnect', 'dns-prefetch', 'preload']
    .map((rel, index) => `<link rel="${rel}" href="${canaryUrls('http', '/hint')[index]}" as="fetch">`)
    .join('');
  const speculation = JSON.stringify({
    prerender: [{ source: 'list', urls: canaryUrls('http', '/prerender').slice(0, 2) }],
    prefetch: [{ source: 'list', urls: canaryUrls('http', '/speculative').slice(0, 2) }],
  });
  return `<!doctype html><html><head><title>Hostile</title>${styles}${hints}
<script type="speculationrules">${speculation}</script></head><body>
<h1>Still here</h1>${images}${frames}
<script>
  const targets = ${targets};
  const attempts = [
    ...targets.fetch.map((url) => fetch(url, { mode: 'no-cors' }).catch(() => null)),
    ...targets.xhr.map((url) => new Promise((done) => {
      const xhr = new XMLHttpRequest();
      xhr.onloadend = done;
      xhr.open('GET', url);
      xhr.send();
    })),
    ...targets.ws.map((url) => new Promise((done) => {
      const socket = new WebSocket(url);
      socket.onerror = socket.onclose = socket.onopen = done;
    })),
    new Promise((done) => { navigator.sendBeacon(targets.fetch[0], 'x'); setTimeout(done, 50); }),
    new Promise((done) => {
      const events = new EventSource(targets.fetch[1]);
      events.onerror = () => { events.close(); done(); };
    }),
    navigator.serviceWorker.register('/worker.js').then((registration) => new Promise((done) => {
      const worker = registration.installing || registration.waiting || registration.active;
      if (!worker || worker.state === 'activated') return done();
      worker.onstatechange = () => { if (worker.state === 'activated' || worker.state === 'redundant') done(); };
    })).catch(() => null),
  ];
  Promise.allSettled(attempts).then(() => document.body.setAttribute('data-done', String(attempts.length)));
</script>${udpProbeScript(udpCanary.port)}</body></html>`;
}

beforeAll(async () => {
  canary = await startFixtureServer({ '*': html('<title>canary</title>') }, { host: '::' });
  udpCanary = await startUdpCanary();
  refusedPort = await closedPort();
  site = await startFixtureServer(
    {
      '/': html('<title>Home</title><p>home</p>'),
      '/redirect': redirect('/final'),
      '/final': html('<!doctype html><title>Final</title><p>arrived</p>'),
      '/missing': html('<title>Gone</title>', 404),
      '/popups': () =>
        html(`<!doctype html><title>Opener</title><p>opens windows</p><script>
        window.open('/final');
        window.open('http://127.0.0.1:${canary.port}/popup');
      </script><a id="blank" href="/final" target="_blank">new tab</a><script>document.getElementById('blank').click()</script>`),
      '/js': html(`<!doctype html><title>Shell</title><div id="app"></div><script>
      setTimeout(() => {
        document.title = 'Rendered';
        document.getElementById('app').innerHTML = '<p class="ready">made by script</p>';
      }, 400);
    </script>`),
      '/chatty': html(`<!doctype html><title>Chatty</title><p>polling</p><script>
      setInterval(() => fetch('/chatty-poll').catch(() => null), 100);
    </script>`),
      '/chatty-poll': html('ok'),
      '/dialogs': html(`<!doctype html><title>Dialogs</title><p id="answers"></p><script>
      const answers = [alert('hello'), confirm('sure?'), prompt('name?', 'x')];
      window.print();
      document.getElementById('answers').textContent = JSON.stringify(answers);
      addEventListener('load', () => { alert('loaded'); print(); });
      addEventListener('beforeunload', (event) => { event.preventDefault(); event.returnValue = ''; });
    </script><iframe srcdoc="<script>alert('in a frame'); print()</script>"></iframe>`),
      '/hostile': () => html(hostilePage()),
      '/worker.js': () => ({
        status: 200,
        headers: { 'content-type': 'text/javascript' },
        body: `self.addEventListener('install', (event) => event.waitUntil(Promise.allSettled(${JSON.stringify(
          canaryUrls('http', '/from-worker'),
        )}.map((url) => fetch(url)))));`,
      }),
      '/socket': () =>
        html(`<title>Socket</title><script>
        const socket = new WebSocket('ws://127.0.0.1:${site.port}/ws');
        socket.onopen = () => document.body.setAttribute('data-socket', 'open');
        socket.onerror = () => document.body.setAttribute('data-socket', 'error');
      </script>`),
      '/to-canary': () => redirect(`http://127.0.0.1:${canary.port}/redirected`),
      '/to-canary-https': () => redirect(`https://[::1]:${canary.port}/redirected`),
      '/script-to-canary': () =>
        html(
          `<title>Leaving</title><script>setTimeout(() => (location.href = 'http://rebind.test:${canary.port}/'), 50)</script>`,
        ),
      '/script-to-canary-https': () =>
        html(
          `<title>Leaving</title><script>setTimeout(() => (location.href = 'https://[::1]:${canary.port}/'), 50)</script>`,
        ),
      '/to-rebind': () => redirect(`http://rebind.test:${canary.port}/redirected`),
    },
    { acceptWebSockets: true },
  );
  const policy = new PublicUrlPolicy({
    allowHosts: [`127.0.0.1:${site.port}`, `127.0.0.1:${refusedPort}`],
    lookup: mappedLookup({ 'rebind.test': ['127.0.0.1'], localhost: ['127.0.0.1', '::1'] }),
  });
  pool = new BrowserPool(policy, { maxPages: 2 });
  renderer = new PageRenderer(pool, policy);
});

afterAll(async () => {
  await pool?.close();
  await Promise.all([site?.close(), canary?.close(), udpCanary?.close()]);
});

describe('PageRenderer', () => {
  it('renders a page and reports its final URL after a redirect', async () => {
    const page = await renderer.render(site.url('/redirect'), { timeoutMs: 15_000 });
    expect(page).toMatchObject({
      url: site.url('/redirect'),
      finalUrl: site.url('/final'),
      status: 200,
      title: 'Final',
    });
    expect(page.html).toContain('<p>arrived</p>');
  });

  it('reports the status of an error page without failing', async () => {
    const page = await renderer.render(site.url('/missing'), { timeoutMs: 15_000 });
    expect(page).toMatchObject({ status: 404, title: 'Gone' });
  });

  it('dismisses alert, confirm and prompt, and ignores print, so a page calling them renders', async () => {
    const page = await renderer.render(site.url('/dialogs'), { timeoutMs: 10_000 });
    expect(page).toMatchObject({ status: 200, title: 'Dialogs' });
    expect(page.html).toContain('[null,false,null]');
    const screenshot = await pool.withPage(
      async (tab, job) => {
        await loadPage(tab, job, site.url('/dialogs'), { settle: 'rendered' });
        return tab.screenshot({ type: 'png' });
      },
      { timeoutMs: 10_000 },
    );
    expect(screenshot.subarray(1, 4).toString()).toBe('PNG');
    // The next job on the reused page leaves it, past its beforeunload handler.
    const next = await renderer.render(site.url('/final'), { timeoutMs: 10_000 });
    expect(next.title).toBe('Final');
  });

  it('waits for a selector on a page built by script', async () => {
    const page = await renderer.render(site.url('/js'), {
      timeoutMs: 15_000,
      waitForSelector: '#app .ready',
    });
    expect(page.title).toBe('Rendered');
    expect(page.html).toContain('made by script');
  });

  it("answers with an error page's status rather than wait for a selector it lacks", async () => {
    const page = await renderer.render(site.url('/missing'), {
      timeoutMs: 15_000,
      waitForSelector: '#never',
    });
    expect(page).toMatchObject({ status: 404, title: 'Gone' });
  });

  it('closes the windows a page opens as they appear, and does not reuse their context', async () => {
    const context = await pool.withPage(
      async (page, job) => {
        await loadPage(page, job, site.url('/popups'));
        await eventually(() => site.hits('/final') >= 2, 10_000);
        while ((await page.browserContext().pages()).length > 1) await sleep(50);
        return page.browserContext();
      },
      { timeoutMs: 15_000 },
    );
    await eventually(() => context.closed, 10_000);
    expect(canary.requests).toBe(0);
  });

  it('fails with SELECTOR_TIMEOUT when the selector never appears', async () => {
    await expect(
      renderer.render(site.url('/js'), { timeoutMs: 4_000, waitForSelector: '#never' }),
    ).rejects.toMatchObject({ name: 'BrowserError', code: 'SELECTOR_TIMEOUT' });
  });

  it('returns what has loaded when the network never goes idle', async () => {
    const page = await renderer.render(site.url('/chatty'), { timeoutMs: 4_000, extraWaitMs: 200 });
    expect(page.title).toBe('Chatty');
  });

  it('lets a WebSocket to an allowed origin through the proxy', async () => {
    const page = await renderer.render(site.url('/socket'), {
      timeoutMs: 10_000,
      waitForSelector: 'body[data-socket]',
    });
    expect(page.html).toContain('data-socket="open"');
  });

  it('blocks every sub-resource into private networks and still renders the page', async () => {
    const page = await renderer.render(site.url('/hostile'), {
      timeoutMs: 20_000,
      waitForSelector: 'body[data-done][data-udp-done]',
    });
    expect(page.title).toBe('Hostile');
    expect(page.html).toContain('Still here');
    expect(page.html).not.toMatch(/ typ (host|srflx|relay)|webtransport:https/);
    expect(page.blockedRequests).toBeGreaterThanOrEqual(20);
    expect(site.hits('/worker.js')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect({
      connections: canary.connections,
      requests: canary.requests,
      datagrams: udpCanary.datagrams,
    }).toEqual({ connections: 0, requests: 0, datagrams: 0 });
  });

  it.each([
    ['http to 127.0.0.1', () => `http://127.0.0.1:${canary.port}/`],
    ['http to [::1]', () => `http://[::1]:${canary.port}/`],
    ['https to 127.0.0.1', () => `https://127.0.0.1:${canary.port}/`],
    ['a name resolving to loopback', () => `http://rebind.test:${canary.port}/`],
    ['https to a name resolving to loopback', () => `https://rebind.test:${canary.port}/`],
    ['localhost', () => `http://localhost:${canary.port}/`],
    ['a redirect into loopback', () => site.url('/to-canary')],
    ['an https redirect into [::1]', () => site.url('/to-canary-https')],
    ['a redirect to a name resolving to loopback', () => site.url('/to-rebind')],
    ['a script navigation into loopback after load', () => site.url('/script-to-canary')],
    ['an https script navigation into [::1] after load', () => site.url('/script-to-canary-https')],
  ])('refuses the main navigation with BLOCKED: %s', async (_name, url) => {
    await expect(renderer.render(url(), { timeoutMs: 10_000, extraWaitMs: 600 })).rejects.toMatchObject({
      code: 'BLOCKED',
    });
    expect(canary.connections).toBe(0);
  });

  it('says which redirect was blocked', async () => {
    const failure = (await renderer.render(site.url('/to-canary')).catch((error) => error)) as BrowserError;
    const target = `http://127.0.0.1:${canary.port}/redirected`;
    expect(failure).toMatchObject({ code: 'BLOCKED', url: target });
    expect(failure.message).toBe(`Blocked: the redirect to ${target} is not a public address.`);
  });

  it('tells a job why its proxy refused a tunnel or made up a response', async () => {
    const seen = await pool.withPage(
      async (page, job) => {
        const tunnel = `https://rebind.test:${canary.port}/`;
        const failure = await page.goto(tunnel).then(
          () => 'loaded',
          (error: Error) => error.message,
        );
        const madeUp = await page.goto('http://nowhere.test/');
        const real = await page.goto(site.url('/'));
        return {
          failure,
          tunnel: job.refusalFor(tunnel),
          madeUp: madeUp && job.refusalIn(madeUp),
          real: real && job.refusalIn(real),
          unknown: job.refusalFor(site.url('/')),
        };
      },
      { timeoutMs: 15_000 },
    );
    expect(seen).toEqual({
      failure: expect.stringContaining('ERR_TUNNEL_CONNECTION_FAILED'),
      tunnel: 'BLOCKED',
      madeUp: 'ERR_NAME_NOT_RESOLVED',
      real: undefined,
      unknown: undefined,
    });
  });

  it('refuses non-http schemes with BLOCKED before using the browser', async () => {
    await expect(renderer.render('file:///etc/passwd')).rejects.toMatchObject({ code: 'BLOCKED' });
  });

  it.each([
    ['http', 'ERR_NAME_NOT_RESOLVED', () => 'http://nowhere.test/'],
    ['https', 'ERR_NAME_NOT_RESOLVED', () => 'https://nowhere.test/'],
    ['a closed port', 'ERR_CONNECTION_REFUSED', () => `http://127.0.0.1:${refusedPort}/`],
  ])('names the net error of a failed navigation (%s)', async (_name, netError, url) => {
    const failure = (await renderer
      .render(url(), { timeoutMs: 10_000 })
      .catch((error) => error)) as BrowserError;
    expect(failure).toMatchObject({ code: 'NAVIGATION_FAILED', netError });
    expect(failure.message).toContain(netError);
  });
});

describe('loadPage', () => {
  const load = (path: string, options: LoadOptions) =>
    pool.withPage((page, job) => loadPage<string>(page, job, site.url(path), options), { timeoutMs: 15_000 });

  it('reads `inspect` on the page once it settled as rendered', async () => {
    const loaded = await load('/js', {
      settle: 'rendered',
      waitForSelector: '.ready',
      inspect: 'document.querySelector(".ready").textContent',
    });
    expect(loaded).toMatchObject({ status: 200, inspection: 'made by script' });
  });

  it('stops at an error page with stopAtErrorStatus', async () => {
    const loaded = await load('/missing', {
      stopAtErrorStatus: true,
      waitForSelector: '#never',
      inspect: 'document.title',
    });
    expect(loaded).toEqual({
      url: site.url('/missing'),
      finalUrl: site.url('/missing'),
      status: 404,
      blockedRequests: 0,
      inspection: undefined,
    });
  });
});

describe('PageRenderer on a remote browser (wsEndpoint)', () => {
  let remote: Browser;
  let remotePool: BrowserPool;

  beforeAll(async () => {
    // Started with the containment flags alone, as the README tells operators: the per-job context proxy does the rest.
    remote = await launch({
      executablePath: locateChromium(undefined),
      headless: true,
      args: ['--no-sandbox', ...BROWSER_CONTAINMENT_ARGS],
    });
    const policy = new PublicUrlPolicy({
      allowHosts: [`127.0.0.1:${site.port}`],
      lookup: mappedLookup({ 'rebind.test': ['127.0.0.1'], localhost: ['127.0.0.1', '::1'] }),
    });
    remotePool = new BrowserPool(policy, { wsEndpoint: remote.wsEndpoint(), maxPages: 1 });
  });
  afterAll(async () => {
    await remotePool?.close();
    await remote?.close();
  });

  it('enforces the policy through the context proxy, then only disconnects', async () => {
    const blocked = await remotePool.withPage(
      async (page, job) => {
        await page.goto(site.url('/hostile'));
        await page.waitForSelector('body[data-done][data-udp-done]');
        return job.blockedRequests;
      },
      { timeoutMs: 20_000 },
    );
    expect(blocked).toBeGreaterThanOrEqual(20);
    expect(remotePool.stats()).toMatchObject({ launched: true, pid: null, openContexts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect({
      connections: canary.connections,
      requests: canary.requests,
      datagrams: udpCanary.datagrams,
    }).toEqual({ connections: 0, requests: 0, datagrams: 0 });

    await remotePool.close();
    expect(remote.connected).toBe(true);
  });

  it('refuses a remote browser started without the containment flags', async () => {
    const uncontained = await launch({
      executablePath: locateChromium(undefined),
      headless: true,
      args: ['--no-sandbox'],
    });
    const refusing = new BrowserPool(new PublicUrlPolicy({}), {
      wsEndpoint: uncontained.wsEndpoint(),
      maxPages: 1,
    });
    try {
      await expect(refusing.withPage(async () => 'reached')).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringContaining('--webrtc-ip-handling-policy=disable_non_proxied_udp'),
      });
    } finally {
      await refusing.close();
      await uncontained.close();
    }
  });
});
