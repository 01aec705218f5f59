/** One request the peer received, with what it made of its signature. */
export interface Received {
  host: string;
  path: string;
  shared: boolean;
  verified: boolean;
  reason: string | null;
  keyId: string | null;
  covered: string[];
  activity: Record<string, unknown> | null;
  status: number;
  at: number;
}

/**
 * What the peer received, shown the way a Mastodon user's home feed shows it: Mastodon turns an
 * Article into a post of its title, its summary and a link (with the link's preview card: the
 * story's picture, title and site), shows the author's name and @handle, marks edits, and shows a
 * boost as "… boosted". Deletions take the post away. Only verified deliveries are shown.
 */

type Json = Record<string, unknown>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function asArray(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Each object's latest version (Updates replace Creates; Deletes remove), newest first, and who boosted which. */
function fold(received: readonly Received[]) {
  const posts = new Map<string, { object: Json; actor: string; edited: boolean; at: number }>();
  const boosts = new Map<string, string[]>();
  for (const entry of received) {
    const activity = entry.activity;
    if (!entry.verified || !activity) continue;
    const object = activity.object;
    const objectId = typeof object === 'string' ? object : text((object as Json | undefined)?.id);
    switch (activity.type) {
      case 'Create':
        if (!posts.has(objectId)) posts.set(objectId, { object: object as Json, actor: text(activity.actor), edited: false, at: entry.at });
        break;
      case 'Update': {
        const known = posts.get(objectId);
        posts.set(objectId, { object: object as Json, actor: text(activity.actor), edited: true, at: known?.at ?? entry.at });
        break;
      }
      case 'Delete':
        posts.delete(objectId);
        break;
      case 'Announce':
        boosts.set(objectId, [...(boosts.get(objectId) ?? []), text(activity.actor)]);
        break;
    }
  }
  return { posts: [...posts.entries()].sort((a, b) => b[1].at - a[1].at), boosts };
}

function post(
  id: string,
  entry: { object: Json; actor: string; edited: boolean },
  boostedBy: string[],
  names: (id: string) => { name: string; handle: string },
) {
  const { object } = entry;
  const author = names(entry.actor);
  const link = text(object.url) || id;
  const image = object.image as Json | undefined;
  const tags = asArray(object.tag)
    .map((tag) => text((tag as Json).name))
    .filter(Boolean);
  const isArticle = object.type === 'Article';
  const body = isArticle
    ? `<p><strong>${escape(text(object.name))}</strong></p>${text(object.summary)
        .split(/\n\n+/)
        .map((line) => `<p>${escape(line)}</p>`)
        .join('')}<p><a href="${escape(link)}">${escape(link)}</a></p>`
    : text(object.content);
  const card =
    isArticle && image
      ? `<a class="card" href="${escape(link)}"><img src="${escape(text(image.url))}" alt="${escape(text(image.name))}"><span><strong>${escape(text(object.name))}</strong><small>${escape(new URL(link).host)}</small></span></a>`
      : '';
  return `<article class="status">
${boostedBy.map((booster) => `<p class="boost">🔁 ${escape(names(booster).name)} boosted</p>`).join('')}
<header><span class="avatar">${escape(author.name.slice(0, 1))}</span><span><strong>${escape(author.name)}</strong><br><small>${escape(author.handle)}</small></span>
<time>${escape(text(object.published).slice(0, 16).replace('T', ' '))}${entry.edited ? ' · Edited' : ''}</time></header>
<div class="content">${body}</div>${card}
${tags.length ? `<p class="tags">${tags.map((tag) => `<a>${escape(tag)}</a>`).join(' ')}</p>` : ''}
</article>`;
}

export function renderTimeline(received: readonly Received[], names: (id: string) => { name: string; handle: string }): string {
  const { posts, boosts } = fold(received);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Home — test peer</title><style>
body{margin:0;background:#191b22;color:#d9e1e8;font:15px/1.45 system-ui,sans-serif}
main{max-width:600px;margin:0 auto;border-left:1px solid #393f4f;border-right:1px solid #393f4f;min-height:100vh}
h1{font-size:16px;margin:0;padding:14px 16px;border-bottom:1px solid #393f4f;background:#282c37}
.status{padding:14px 16px;border-bottom:1px solid #393f4f}
.status header{display:flex;gap:10px;align-items:center}
.status header time{margin-left:auto;color:#8c8dff;font-size:13px}
.avatar{width:46px;height:46px;border-radius:8px;background:#b3121f;color:#fff;display:grid;place-items:center;font:700 24px Georgia,serif}
small{color:#9baec8}.content{margin:10px 0 0 56px}.content a{color:#8c8dff;word-break:break-all}
.card{display:flex;margin:10px 0 0 56px;border:1px solid #393f4f;border-radius:8px;overflow:hidden;color:inherit;text-decoration:none}
.card img{width:120px;height:90px;object-fit:cover}.card span{padding:10px;display:flex;flex-direction:column;gap:4px}
.boost{margin:0 0 8px 56px;color:#9baec8;font-size:13px}.tags{margin:8px 0 0 56px}.tags a{color:#8c8dff;margin-right:6px}
.empty{padding:40px;text-align:center;color:#9baec8}
</style></head><body><main><h1>Home</h1>
${posts.length ? posts.map(([id, entry]) => post(id, entry, boosts.get(id) ?? [], names)).join('\n') : '<p class="empty">Nothing here yet.</p>'}
</main></body></html>`;
}
