const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'PRE', 'DIV', 'FIGURE']);

/**
 * Story HTML as the words a reader reads, one block (paragraph, heading, list item) per line,
 * media named in brackets: what History compares word by word.
 */
export function readableText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim() !== '') lines.push(line.replace(/\s+/g, ' ').trim());
    line = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'IMG') line += ` [image${node.getAttribute('alt') ? `: ${node.getAttribute('alt')}` : ''}] `;
    if (node.tagName === 'IFRAME' || node.tagName === 'VIDEO') line += ' [video] ';
    if (node.tagName === 'BR') line += '\n';
    const block = BLOCKS.has(node.tagName);
    if (block) flush();
    node.childNodes.forEach(walk);
    if (block) flush();
  };
  doc.body.childNodes.forEach(walk);
  flush();
  return lines.join('\n');
}
