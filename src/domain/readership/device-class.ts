import type { DeviceClass } from './readership.ts';

/**
 * A reader's device class from the request's User-Agent, which is read here and never stored
 * (docs/product/api-analytics.md "Devices"). Bots first: crawlers, link-preview fetchers and
 * page-speed tools that say what they are. A client that says nothing (no User-Agent), and scripts
 * such as curl, count as desktop: the API's "every call counts" holds for them, and a bot list can
 * only catch the bots that name themselves. iPadOS sends a desktop Safari User-Agent, so those
 * iPads count as desktop.
 */

/** `bot` but not the Cubot phone maker; then the crawlers and fetchers whose names lack "bot". */
const BOT =
  /(?<!cu)bot\b|bot[/_;-]|crawl|spider|slurp|archiver|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|quora link preview|preview|pinterest\/|vkshare|w3c_validator|whatsapp|feedfetcher|mediapartners-google|google-inspectiontool|googleother|google-extended|apis-google|lighthouse|pagespeed|ptst|gtmetrix|pingdom|uptimerobot|headlessbrowser|phantomjs/i;
const TABLET = /ipad|tablet|playbook|silk\/|kindle|nexus (7|9|10)\b|\bsm-t\d/i;
const MOBILE = /mobi|iphone|ipod|android|windows phone|iemobile|blackberry|bb10|opera mini|webos/i;
const ANDROID_PHONE = /android.*mobile/i;

export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? '';
  if (BOT.test(ua)) return 'bot';
  // Android tablets leave "Mobile" out of the User-Agent (Google's guidance to browser makers).
  if (TABLET.test(ua) || (/android/i.test(ua) && !ANDROID_PHONE.test(ua))) return 'tablet';
  if (MOBILE.test(ua)) return 'mobile';
  return 'desktop';
}
