/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { describe, expect, it } from 'vitest';
import { raw, renderToString, type Child } from './html.ts';

function Card({ title, children }: { title: string; children?: Child }) {
  return (
    <article class="card" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </article>
  );
}

describe('the reader pages JSX renderer', () => {
  it('escapes text and attribute values, and writes trusted HTML as it is', () => {
    const html = renderToString(
      <Card title={`"Tom" & <Jerry>'s`}>
        <p>{'<script>alert(1)</script>'}</p>
        {raw('<p>kept <strong>as is</strong></p>')}
      </Card>,
    );
    expect(html).toBe(
      '<article class="card" aria-label="&quot;Tom&quot; &amp; &lt;Jerry&gt;&#39;s"><h3>&quot;Tom&quot; &amp; &lt;Jerry&gt;&#39;s</h3><p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>kept <strong>as is</strong></p></article>',
    );
  });

  it('writes void elements without a slash, true attributes by name, and leaves out false, null and undefined', () => {
    expect(renderToString(<input type="email" required disabled={false} placeholder={undefined} maxlength={254} />)).toBe(
      '<input type="email" required maxlength="254">',
    );
    expect(renderToString(<img src="/a.jpg" alt="" />)).toBe('<img src="/a.jpg" alt="">');
  });

  it('keeps attributes in the order written, spread ones included', () => {
    const marker = { 'data-island': 'share', 'data-island-props': JSON.stringify({ id: 1, title: 'A & B' }) };
    expect(
      renderToString(
        <button type="button" class="b" {...marker}>
          Share
        </button>,
      ),
    ).toBe(
      '<button type="button" class="b" data-island="share" data-island-props="{&quot;id&quot;:1,&quot;title&quot;:&quot;A &amp; B&quot;}">Share</button>',
    );
  });

  it('renders lists, fragments and numbers, and nothing for null, undefined and booleans', () => {
    const items = ['a', 'b'];
    expect(
      renderToString(
        <>
          <ul>
            {items.map((item) => (
              <li>{item}</li>
            ))}
          </ul>
          {null}
          {undefined}
          {false}
          {true}
          {0}
        </>,
      ),
    ).toBe('<ul><li>a</li><li>b</li></ul>0');
  });
});
