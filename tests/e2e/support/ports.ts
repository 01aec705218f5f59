import { createServer } from 'node:net';

/** Whether nothing listens on 127.0.0.1:`port`. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The E2E_PORTS range (default 8800-8809). */
export function e2ePorts(): { first: number; last: number } {
  const [first, last] = (process.env.E2E_PORTS ?? '8800-8809').split('-').map(Number);
  return { first: first!, last: last ?? first! };
}
