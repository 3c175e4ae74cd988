import { CODE_TTL_MINUTES, type Language } from '@radar/shared';
import type { OutgoingEmail } from '../mailer';
import { accountEmailTexts } from './account-texts';

/**
 * The account emails: plain text plus a simple HTML version, in the user's language. Kept
 * self-contained (no React) so they do not depend on the notification email templates.
 */
export type AccountEmail =
  | { kind: 'verification'; username: string; code: string }
  | { kind: 'welcome'; username: string; appUrl: string }
  | { kind: 'password-reset'; username: string; code: string };

type Rendered = Pick<OutgoingEmail, 'subject' | 'text' | 'html'> & { html: string };

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => String(values[name] ?? match));

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#111418">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

const codeBlock = (code: string) =>
  `<p style="margin:0 0 16px"><span style="display:inline-block;padding:12px 20px;border-radius:10px;background:#E4E9F1;font:700 28px/1 ui-monospace,Menlo,Consolas,monospace;letter-spacing:6px;color:#111418">${escapeHtml(code)}</span></p>`;

const button = (label: string, href: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:10px;background:#1F5BD8;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>`;

function layout(language: Language, subject: string, body: string, footer: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#F4F6FA;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:28px;border-radius:16px;background:#ffffff">
<p style="margin:0 0 20px;font-size:18px;font-weight:700;color:#1F5BD8">Radar Tornei</p>
${body}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#4F5A6A">${escapeHtml(footer)}</p>
</body></html>`;
}

/** Subject, text and HTML of one account email in `language`. */
export function renderAccountEmail(language: Language, email: AccountEmail): Rendered {
  const texts = accountEmailTexts[language];
  const greeting = fill(texts.greeting, { username: email.username });
  const values = { username: email.username, minutes: CODE_TTL_MINUTES };

  let subject: string;
  let lines: string[];
  let htmlBody: string;
  switch (email.kind) {
    case 'verification':
    case 'password-reset': {
      const section = email.kind === 'verification' ? texts.verification : texts.passwordReset;
      subject = fill(section.subject, { code: email.code });
      const expiry = fill(section.expiry, values);
      lines = [greeting, section.intro, email.code, expiry, section.ignore, texts.signature];
      htmlBody = [
        paragraph(greeting),
        paragraph(section.intro),
        codeBlock(email.code),
        paragraph(expiry),
        paragraph(section.ignore),
        paragraph(texts.signature),
      ].join('\n');
      break;
    }
    case 'welcome': {
      const section = texts.welcome;
      subject = section.subject;
      lines = [greeting, section.intro, section.next, `${section.action}: ${email.appUrl}`, texts.signature];
      htmlBody = [
        paragraph(greeting),
        paragraph(section.intro),
        paragraph(section.next),
        button(section.action, email.appUrl),
        paragraph(texts.signature),
      ].join('\n');
      break;
    }
  }
  const text = `${lines.join('\n\n')}\n\n--\n${texts.footer}\n`;
  return { subject, text, html: layout(language, subject, htmlBody, texts.footer) };
}
