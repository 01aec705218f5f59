import { Fragment } from 'react';

/**
 * An email address that, when it must wrap, wraps after the "@" or before a dot ("maya.okafor@" /
 * "example.com"), never inside a word: <wbr> marks those places (issue 42).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
