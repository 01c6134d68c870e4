import type { Transporter } from "nodemailer";
import type { Mailer } from "../../ports/mailer";

/**
 * Mail over SMTP with nodemailer: any SMTP server, Amazon SES's SMTP interface in AWS
 * (`smtps://<user>:<password>@email-smtp.<region>.amazonaws.com:465`). One transport per process, made at
 * the first mail: nodemailer is loaded only by a process that sends one, so it adds nothing to the others'
 * cold start.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send({ to, subject, text, html }) {
      transport ??= import("nodemailer").then(({ createTransport }) => createTransport(smtpUrl, { from }));
      await (await transport).sendMail({ to, subject, text, ...(html ? { html } : {}) });
    },
  };
}
