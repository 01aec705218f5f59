/** The part of node:dns that workerd provides (nodejs_compat: lookups over DNS-over-HTTPS) and remote-fetch.ts uses. */
declare module 'node:dns/promises' {
  export function lookup(hostname: string, options: { all: true }): Promise<{ address: string; family: number }[]>;
}
