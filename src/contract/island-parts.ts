/**
 * What islands find inside the page by name (decision 120): the components mark each part
 * `data-part="<name>"` (or give it the id here), the islands look it up by the same constant.
 * Apart from page-contract.ts so that the entry every reader page loads carries none of it, and
 * flat constants so that an island's chunk carries only the names it uses. It imports nothing.
 */

/** Marks a part of an island: `data-part="<name>"` (src/reader/island.ts `part`, src/web/islands/island.ts `part`). */
export const ISLAND_PART_ATTRIBUTE = 'data-part';

/** A reader's sign-in form (the account page, a gated story, /support), and its error and status lines. */
export const SIGN_IN_FORM_PART = 'sign-in-form';
export const SIGN_IN_ERROR_PART = 'sign-in-error';
export const SIGN_IN_STATUS_PART = 'sign-in-status';
/** /account: what the account of a signed-in reader replaces. */
export const SIGNED_OUT_PART = 'signed-out';
/** A page that says what came of a link (signing in, confirming a subscription): its status line, and its next step. */
export const LINK_STATUS_PART = 'status';
export const LINK_NEXT_STEP_PART = 'next-step';
/** A newsletter's form's status line; /newsletters' own. */
export const SUBSCRIBE_STATUS_PART = 'status';
export const NEWSLETTERS_STATUS_PART = 'page-status';
/** /support: the thanks after Checkout, the plans' status line, the sign-in it asks for, the gift form and its error. */
export const SUPPORT_THANKS_PART = 'support-thanks';
export const SUPPORT_STATUS_PART = 'support-status';
export const SUPPORT_SIGN_IN_PART = 'support-sign-in';
export const GIFT_FORM_PART = 'gift-form';
export const GIFT_ERROR_PART = 'gift-error';

/** The header's tabs (Home; the account island adds Dashboard and Admin for staff). */
export const SITE_TABS_ID = 'site-tabs';
/** The notice region's name, on every page: its list (empty) is what islands that toast fill (src/web/islands/notices.ts). */
export const NOTICES_LABEL = 'Notifications (F8)';

/** A recorded video's CC button (the video-captions island; the live player's is its own). */
export const CAPTIONS_BUTTON_PART = 'captions-button';
