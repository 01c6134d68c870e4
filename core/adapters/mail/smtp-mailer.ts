import { createTransport } from "nodemailer";
import type { Mailer } from "../../ports/mailer";

/**
 * Mail over SMTP with nodemailer: any SMTP server, Amazon SES's SMTP interface in AWS
 * (`smtps://<user>:<password>@email-smtp.<region>.amazonaws.com:465`). One pooled transport per process.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl, { from });
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ to, subject, text, ...(html ? { html } : {}) });
    },
  };
}
