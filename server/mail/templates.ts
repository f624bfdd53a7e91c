/** One email: plain text and HTML bodies carrying the store's name. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailSpec {
  storeName: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Further links, each on its own line below the action. */
  links?: { label: string; url: string }[];
  footnote?: string;
}

/** Text made safe inside HTML or XML markup (the sitemap uses it too). */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Renders the store's one email layout; every value is escaped, nothing from users runs. */
export function renderMail(spec: MailSpec): MailContent {
  const { storeName, action } = spec;
  const text = [
    spec.greeting,
    '',
    ...spec.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(spec.links ?? []).flatMap((link) => [`${link.label}: ${link.url}`, '']),
    ...(spec.footnote ? [spec.footnote, ''] : []),
    `— ${storeName}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(spec.subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1e3a5f;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(storeName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p>${escapeHtml(spec.greeting)}</p>
${spec.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#c2410c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#57534e">If the button does not work, open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : ''
}
${(spec.links ?? []).map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`).join('\n')}
${spec.footnote ? `<p style="font-size:13px;color:#57534e">${escapeHtml(spec.footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#57534e;border-top:1px solid #e7e5e4">${escapeHtml(storeName)}</td></tr>
</table></td></tr></table></body></html>`;

  return { subject: spec.subject, text, html };
}
