import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { MailMessage, MailTransport } from '../../ports/mail.transport';

/** Sends through the SMTP server of `smtpUrl` (nodemailer; pooled connections, closed on shutdown). */
export class SmtpMailTransport extends MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    super();
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    this.transporter = createTransport(url.toString());
  }

  async send(message: MailMessage): Promise<'sent'> {
    await this.transporter.sendMail(message);
    return 'sent';
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}

/** Without an SMTP server: the message is kept in the notification record and written to the log. */
export class LogMailTransport extends MailTransport {
  private readonly logger = new Logger('MonitorEmail');

  async send(message: MailMessage): Promise<'recorded'> {
    this.logger.log(
      { to: message.to, subject: message.subject, text: message.text },
      'No SMTP server configured: monitor email recorded, not sent',
    );
    return 'recorded';
  }
}
