import { isIP } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DevMailboxMessage, findDevMailboxMessage, listDevMailbox } from '../../channels/email/mailer';
import { notFound } from '../../domain/errors';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#111418}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;background:#f4f6fa;padding:1rem;border-radius:6px}iframe{width:100%;height:70vh;border:1px solid #ddd}
a{color:#1d4ed8}</style></head><body>${body}</body></html>`;

const messageJson = z.object({
  id: z.string(),
  createdAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});

const toJson = (message: DevMailboxMessage) => ({ ...message, createdAt: message.createdAt.toISOString() });

/** Whether an address is the machine itself (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/**
 * Whether a Host header names this machine (`localhost`, 127.0.0.0/8, [::1], any port): a page
 * of another site whose name an attacker pointed at 127.0.0.1 (DNS rebinding) sends its own
 * name, and is refused.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return hostname === 'localhost' || isLoopbackAddress(hostname.replace(/^\[|\]$/g, ''));
}

/** Whether the server listens on the loopback interface only (HOST). */
export function listensOnLoopbackOnly(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}

/**
 * The warning to log at start-up when the dev mailbox is on and the server can be reached from
 * other machines; null when it listens on loopback only.
 */
export function devMailboxExposureWarning(host: string): string | null {
  return listensOnLoopbackOnly(host)
    ? null
    : `the dev mailbox is on (no SMTP_URL) and HOST=${host} listens beyond this machine: ` +
        'it answers only to loopback clients, but set SMTP_URL, or HOST=127.0.0.1, for anything others can reach';
}

/**
 * The dev mailbox, mounted only outside production and only without SMTP_URL. It shows every
 * verification and reset code, so it answers loopback clients only: the connection's own
 * address (never an X-Forwarded-For entry, which the client may write), the client a trusted
 * proxy speaks for, and the Host header (DNS rebinding, issue 28) must all be this machine.
 * Anyone else gets the 404 of a route that does not exist.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.addHook('onRequest', async (request) => {
    if (
      !isLoopbackAddress(request.socket.remoteAddress) ||
      !isLoopbackAddress(request.ip) ||
      !isLoopbackHost(request.headers.host)
    )
      throw notFound();
  });

  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages kept in the dev mailbox, newest first (JSON)',
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(500).optional(),
        }),
        response: { 200: z.object({ messages: z.array(messageJson) }) },
      },
    },
    async (request) => ({ messages: (await listDevMailbox(db, request.query)).map(toJson) }),
  );

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) } },
    async (request, reply) => {
      const messages = await listDevMailbox(db, { to: request.query.to, limit: 200 });
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${m.createdAt.toISOString()}</td><td>${escapeHtml(m.to.join(', '))}</td>` +
            `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('');
      const body = messages.length
        ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No messages yet.</p>';
      return reply
        .type('text/html; charset=utf-8')
        .send(page('Dev mailbox', `<h1>Dev mailbox</h1><p>${messages.length} message(s)</p>${body}`));
    },
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const message = await findDevMailboxMessage(db, request.params.id);
      if (!message) throw notFound();
      const headers = Object.entries(message.headers)
        .map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
        .join('');
      const html = message.html
        ? `<h2>HTML</h2><iframe sandbox title="HTML body" srcdoc="${escapeHtml(message.html)}"></iframe>`
        : '';
      const body = `<p><a href="/dev/mailbox">← Dev mailbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<table><tr><th>From</th><td>${escapeHtml(message.from)}</td></tr><tr><th>To</th><td>${escapeHtml(message.to.join(', '))}</td></tr>
<tr><th>Sent</th><td>${message.createdAt.toISOString()}</td></tr>${headers}</table>
<h2>Text</h2><pre>${escapeHtml(message.text ?? '')}</pre>${html}`;
      return reply.type('text/html; charset=utf-8').send(page(message.subject, body));
    },
  );
};
