import { z } from 'zod';
import { addressAsStored, isMailAddress, MAIL_ADDRESS_MAX } from './address.ts';

/** A mail address as readers type it: at most 254 characters, one mailbox (address.ts); the value is the stored form. */
export const mailAddressSchema = z
  .string({ error: 'Enter your email address' })
  .max(MAIL_ADDRESS_MAX + 64, { error: `An email address is at most ${MAIL_ADDRESS_MAX} characters` })
  .transform(addressAsStored)
  .pipe(
    z
      .string()
      .min(1, { error: 'Enter your email address' })
      .max(MAIL_ADDRESS_MAX, { error: `An email address is at most ${MAIL_ADDRESS_MAX} characters` })
      .refine(isMailAddress, { error: 'Enter a valid email address' }),
  );
