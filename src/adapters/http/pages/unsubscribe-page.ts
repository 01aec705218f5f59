import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { site } from '../../../domain/site/site.ts';

/**
 * The page an unsubscribe link opens (GET /api/newsletters/unsubscribe?token=): one button, which
 * posts RFC 8058's `List-Unsubscribe=One-Click` to the same address. A GET alone never
 * unsubscribes (link scanners and prefetchers follow links). Standalone: it is the API's page.
 */
function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(title)} – ${esc(site.name)}</title>
<style>
body{margin:0;background:#f3f3f1;color:#1a1a1a;font:18px/1.6 Georgia,'Times New Roman',serif}
main{max-width:34rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:4px}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
button{font:600 1rem -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;background:#c8102e;color:#fff;border:0;border-radius:4px;padding:.75rem 1.25rem;cursor:pointer}
a{color:#c8102e}
@media (prefers-color-scheme:dark){body{background:#121212;color:#ececec}main{background:#1e1e1e}a{color:#ff6b7f}}
</style></head>
<body><main>${body}<p><a href="/">${esc(site.name)}</a></p></main></body></html>`;
}

export function unsubscribeConfirmPage(newsletterName: string | null, action: string): string {
  const what = newsletterName ? esc(newsletterName) : 'this newsletter';
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe from ${what}?</h1><p>You will get no more issues of ${what}. You can subscribe again at any time.</p>
<form method="post" action="${esc(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(newsletterName: string | null): string {
  const what = newsletterName ? esc(newsletterName) : 'the newsletter';
  return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>You will get no more issues of ${what}.</p>`);
}

export function invalidLinkPage(): string {
  return page(
    'Link not valid',
    '<h1>This link is not valid</h1><p>Use the unsubscribe link at the end of one of our newsletters, or manage your newsletters on your account page.</p>',
  );
}
