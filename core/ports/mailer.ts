/** One plain-text e-mail (with an optional HTML alternative) to one person. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail; absent when the service has no mail server (`SMTP_URL` unset). */
export interface Mailer {
  /** Resolves once the mail server accepted the message; throws when it refused it or could not be reached. */
  send(message: MailMessage): Promise<void>;
}
