import type { Transporter } from "nodemailer";
import type { AppConfig } from "#server/config.server.ts";
import { logger } from "#server/logger.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxEntry extends MailMessage {
  id: number;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Mails kept by the dev outbox (newest first); empty when SMTP is configured. */
  outbox(): OutboxEntry[];
}

const outboxLimit = 100;

/** SMTP through nodemailer when SMTP_URL is set; otherwise a dev outbox that logs and keeps mails. */
export function createMailer(config: AppConfig["mail"]): Mailer {
  const kept: OutboxEntry[] = [];
  let nextId = 1;
  const { smtpUrl } = config;
  // nodemailer is imported with the first mail, not at start (docs/decisions/021); one transport after that.
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url)));

  return {
    async send(message) {
      if (smtpUrl) {
        await (await smtp(smtpUrl)).sendMail({ from: config.from, ...message });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
        return;
      }
      kept.unshift({ ...message, id: nextId++, sentAt: new Date().toISOString() });
      kept.length = Math.min(kept.length, outboxLimit);
      logger.info({ to: message.to, subject: message.subject, text: message.text }, "mail kept in the dev outbox (SMTP_URL is not set)");
    },
    outbox: () => [...kept],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Words someone else chose (a workspace name), shown as a quotation under its label, never as ours. */
export interface MailQuote {
  label: string;
  text: string;
}

/** Things of the account the reader should check (its passkeys), each named as its owner wrote it, with where to change them. */
export interface MailList {
  label: string;
  items: string[];
  linkText: string;
  url: string;
}

/** A plain transactional mail with one button; both text and HTML parts. */
export function actionMail({ to, subject, intro, quote, list, action, url, outro }: { to: string; subject: string; intro: string; quote?: MailQuote; list?: MailList; action: string; url: string; outro: string }): MailMessage {
  const quoteText = quote ? `${quote.label}\n> ${quote.text.replace(/\s+/g, " ")}\n\n` : "";
  const quoteHtml = quote
    ? `<p style="margin-bottom:4px;font-size:13px;color:#495057">${escapeHtml(quote.label)}</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ced4da;color:#495057">${escapeHtml(quote.text)}</blockquote>`
    : "";
  const listText = list ? `${list.label}\n${list.items.map((item) => `- ${item.replace(/\s+/g, " ")}`).join("\n")}\n${list.linkText}: ${list.url}\n\n` : "";
  const listHtml = list
    ? `<p style="margin-bottom:4px">${escapeHtml(list.label)}</p><ul style="margin-top:0">${list.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul><p><a href="${escapeHtml(list.url)}">${escapeHtml(list.linkText)}</a></p>`
    : "";
  const text = `${intro}\n\n${quoteText}${listText}${action}: ${url}\n\n${outro}\n\nSellscribe`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#212529">
<p>${escapeHtml(intro)}</p>
${quoteHtml}
${listHtml}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#087f74;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#495057">${escapeHtml(outro)}<br>${escapeHtml(url)}</p>
<p>Sellscribe</p></body></html>`;
  return { to, subject, text, html };
}
