/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with bracketed keys
 * (`line_items[0][price]=price_1&metadata[readerId]=7`): this reads them into nested objects and
 * arrays, as Stripe's API does. Numeric brackets make arrays.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseFormBody(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, index) => part !== '' || index === 0);
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
        return;
      }
      if (container[slot] === undefined) container[slot] = /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = container[slot] as FormObject | FormValue[];
    });
  }
  return root;
}

/** A field of a parsed body as text (a JSON body's numbers and booleans too: the control calls take JSON), or undefined. */
export function field(body: FormValue | undefined, ...path: (string | number)[]): string | undefined {
  let node: unknown = body;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? String(node) : undefined;
}
