import nodemailer from "nodemailer";
import type { OutgoingMail } from "./types";

/** nodemailer's message options for one mail: a text part always, HTML when there is some. */
export function messageOptions(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    messageId: mail.messageId,
    headers: mail.headers,
    date: new Date(),
  };
}

const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** The message as RFC 5322 bytes (an .eml file), built by the same code that sends over SMTP. */
export async function buildRaw(mail: OutgoingMail): Promise<Buffer> {
  const info = await builder.sendMail(messageOptions(mail));
  return info.message as Buffer;
}
