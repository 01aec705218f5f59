/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { raw, type Html } from '../jsx/html.ts';
import { jsonForScript } from './json-for-script.ts';
import type { PageHead } from './page-head.ts';

/** Between tags: the indentation of the shell's <head>, so the page's source reads like the file it came from. */
const BETWEEN = raw('\n    ');

/** A page's <head> tags, every value escaped; JSON-LD goes in data blocks, which the CSP does not execute. */
export function HeadTags({ head }: { head: PageHead }) {
  const tags: Html[] = [<title>{head.title}</title>, <meta name="description" content={head.description} />];
  if (head.robots) tags.push(<meta name="robots" content={head.robots} />);
  if (head.canonical) tags.push(<link rel="canonical" href={head.canonical} />);
  for (const [property, content] of head.openGraph) tags.push(<meta property={property} content={content} />);
  for (const [name, content] of head.twitter) tags.push(<meta name={name} content={content} />);
  for (const data of head.jsonLd) tags.push(<script type="application/ld+json">{raw(jsonForScript(data))}</script>);
  return <>{tags.flatMap((tag, index) => (index === 0 ? [tag] : [BETWEEN, tag]))}</>;
}
