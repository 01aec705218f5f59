import sanitizeHtml from 'sanitize-html';

/**
 * A reply from the fediverse, as it may appear under a story: paragraphs, line breaks and http(s)
 * links (Mastodon's mentions and hashtags are links in spans), nothing else; every link opens
 * elsewhere, marked as user content nobody vouches for.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'a', 'span'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer ugc', target: '_blank' } }),
  },
};

export function sanitizeRemoteHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
