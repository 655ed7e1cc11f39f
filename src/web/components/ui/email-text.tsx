import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects it when its line is too narrow: after the '@'
 * or before a '.', never in the middle of a name (john.smi|th@acme.co.uk). A part longer than the
 * line still breaks where it must, by the container's `break-words`.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return parts.map((part, index) => (
    // The parts of one address never change order: the index is their identity.
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
