export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends notification emails. `recorded`: no mail server is configured; the message stays in the database and the log. */
export abstract class MailTransport {
  abstract send(message: MailMessage): Promise<'sent' | 'recorded'>;
}
