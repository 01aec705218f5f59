/**
 * The structured-data check: the rules schema.org and Google's Search documentation give for an
 * Article (Google's "Article" rich result: NewsArticle, BlogPosting and LiveBlogPosting alike) and
 * for a LiveBlogPosting (schema.org: coverageStartTime, coverageEndTime, liveBlogUpdate of
 * BlogPosting). Returns the problems found, as "path: problem" lines; none means valid.
 */

type Json = Record<string, unknown>;

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Google shows at most 110 characters of a headline and asks for no more. */
const HEADLINE_MAX = 110;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function absoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function checkDate(problems: string[], path: string, value: unknown, required: boolean): number | null {
  if (value === undefined) {
    if (required) problems.push(`${path}: missing`);
    return null;
  }
  if (typeof value !== 'string' || !ISO_WITH_ZONE.test(value) || Number.isNaN(Date.parse(value))) {
    problems.push(`${path}: not an ISO 8601 date and time with a time zone`);
    return null;
  }
  return Date.parse(value);
}

function checkText(problems: string[], path: string, value: unknown, max?: number): void {
  if (typeof value !== 'string' || value.trim() === '') problems.push(`${path}: missing or empty text`);
  else if (max !== undefined && value.length > max) problems.push(`${path}: longer than ${max} characters`);
  else if (/<[a-z/][^>]*>/i.test(value)) problems.push(`${path}: holds markup; must be plain text`);
}

function checkAuthor(problems: string[], path: string, value: unknown): void {
  const authors = Array.isArray(value) ? value : [value];
  if (value === undefined || authors.length === 0) return void problems.push(`${path}: missing`);
  authors.forEach((author, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(author)) return void problems.push(`${at}: not an object`);
    if (author['@type'] !== 'Person' && author['@type'] !== 'Organization') problems.push(`${at}.@type: must be Person or Organization`);
    checkText(problems, `${at}.name`, author.name);
  });
}

/** Google's Article rules (headline, image, dates, author, publisher), for any Article subtype. */
function checkArticle(problems: string[], path: string, article: Json, requirePublisher: boolean): void {
  checkText(problems, `${path}.headline`, article.headline, HEADLINE_MAX);
  const published = checkDate(problems, `${path}.datePublished`, article.datePublished, true);
  const modified = checkDate(problems, `${path}.dateModified`, article.dateModified, false);
  if (published !== null && modified !== null && modified < published) problems.push(`${path}.dateModified: before datePublished`);
  checkAuthor(problems, `${path}.author`, article.author);
  if (article.image !== undefined) {
    const images = Array.isArray(article.image) ? article.image : [article.image];
    if (!images.every((image) => absoluteUrl(isObject(image) ? image.url : image)))
      problems.push(`${path}.image: every image must be an absolute URL`);
  }
  if (requirePublisher) {
    const publisher = article.publisher;
    if (!isObject(publisher)) problems.push(`${path}.publisher: missing`);
    else {
      checkText(problems, `${path}.publisher.name`, publisher.name);
      if (!isObject(publisher.logo) || !absoluteUrl(publisher.logo.url))
        problems.push(`${path}.publisher.logo: missing or not an absolute URL`);
    }
  }
}

export function checkLiveBlogPosting(data: unknown, { ended }: { ended: boolean }): string[] {
  const problems: string[] = [];
  if (!isObject(data)) return ['$: not an object'];
  if (data['@context'] !== 'https://schema.org' && data['@context'] !== 'http://schema.org')
    problems.push('$.@context: must be schema.org');
  if (data['@type'] !== 'LiveBlogPosting') problems.push('$.@type: must be LiveBlogPosting');
  checkArticle(problems, '$', data, true);
  if (!absoluteUrl(data.url)) problems.push('$.url: missing or not absolute');
  if (data.image === undefined) problems.push('$.image: missing');
  const start = checkDate(problems, '$.coverageStartTime', data.coverageStartTime, true);
  const end = checkDate(problems, '$.coverageEndTime', data.coverageEndTime, ended);
  if (!ended && data.coverageEndTime !== undefined) problems.push('$.coverageEndTime: present while coverage is live');
  if (start !== null && end !== null && end < start) problems.push('$.coverageEndTime: before coverageStartTime');
  const updates = data.liveBlogUpdate;
  if (!Array.isArray(updates)) return [...problems, '$.liveBlogUpdate: missing or not a list'];
  const canonical = typeof data.url === 'string' ? data.url : '';
  updates.forEach((update, index) => {
    const path = `$.liveBlogUpdate[${index}]`;
    if (!isObject(update)) return void problems.push(`${path}: not an object`);
    if (update['@type'] !== 'BlogPosting') problems.push(`${path}.@type: must be BlogPosting`);
    checkArticle(problems, path, update, false);
    checkText(problems, `${path}.articleBody`, update.articleBody);
    if (!absoluteUrl(update.url) || !(update.url as string).startsWith(`${canonical}#`))
      problems.push(`${path}.url: must be the live blog's address with the update's fragment`);
    const at = checkDate(problems, `${path}.datePublished`, update.datePublished, true);
    if (at !== null && start !== null && at < start) problems.push(`${path}.datePublished: before coverageStartTime`);
    if (at !== null && end !== null && at > end) problems.push(`${path}.datePublished: after coverageEndTime`);
  });
  const published = updates.map((update) => (isObject(update) ? Date.parse(String(update.datePublished)) : 0));
  if (published.some((time, index) => index > 0 && time > published[index - 1]!)) problems.push('$.liveBlogUpdate: not newest first');
  return problems;
}
