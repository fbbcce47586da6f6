import { AccountsService } from '@quarry/accounts';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { MailMessage, MailTransport, MonitorsService } from '../src';
import { createMonitorTestContext, eventually, MonitorTestContext } from './support/monitor-test-module';

/** A host's own mail service: keeps what it is given. */
class KeptMail extends MailTransport {
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage): Promise<'sent'> {
    this.messages.push(message);
    return 'sent';
  }
}

const page = (line: string) =>
  `<html><head><title>Hours</title></head><body><article><h1>Hours</h1><p>${line.repeat(20)}</p></article></body></html>`;

describe('a monitor with the mailTransport option', () => {
  let origin: FixtureServer;
  let context: MonitorTestContext;
  const mail = new KeptMail();

  beforeAll(async () => {
    origin = await startFixtureServer({ '/page': { body: page('Open from nine to five. ') } });
    context = await createMonitorTestContext({
      engine: { database: 'sqlite', queue: 'database' },
      allowHosts: [origin.hostPort],
      options: { mailTransport: mail, smtpUrl: 'smtp://127.0.0.1:1', emailBackoffMs: 50 },
    });
  });
  afterAll(async () => {
    await context.close();
    await origin.close();
  });

  it("sends change emails through the host's transport instead of SMTP", async () => {
    const account = await context.moduleRef.get(AccountsService).create('hours@example.com', 10);
    const monitors = context.moduleRef.get(MonitorsService);
    const { monitor } = await monitors.create(account.id, { url: origin.url('/page') });
    await eventually(
      () => monitors.checks(account.id, monitor.id, { limit: 10 }),
      (checks) => checks.length === 1,
    );
    origin.route('/page', { body: page('Open from ten to six. ') });
    await monitors.runNow(account.id, monitor.id);
    const [message] = await eventually(
      async () => mail.messages,
      (messages) => messages.length === 1,
    );
    expect(message.to).toContain('hours@example.com');
    expect(message.text).toContain('Open from ten to six.');
  });
});
