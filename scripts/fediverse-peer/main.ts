import { FediversePeer } from './peer.ts';

/**
 * The test peer as a process of its own: `tsx scripts/fediverse-peer/main.ts --hosts 127.0.0.1:9021`
 * (or `--hosts 127.0.0.2-51:9030`: one host on each of 127.0.0.2 to 127.0.0.51, port 9030). Prints
 * one JSON line, {"origins": [...]}, once every host listens; stops on SIGTERM or SIGINT. With
 * --shared-keys everyone it plays signs with one key pair (for the benchmark's thousand people).
 */
function parseHosts(spec: string): { host: string; port: number }[] {
  return spec.split(',').flatMap((part) => {
    const range = /^(\d+\.\d+\.\d+\.)(\d+)-(\d+):(\d+)$/.exec(part);
    if (range) {
      const [, prefix, from, to, port] = range;
      return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => ({
        host: `${prefix}${Number(from) + i}`,
        port: Number(port),
      }));
    }
    const [host, port] = part.split(':');
    return [{ host: host!, port: Number(port ?? 0) }];
  });
}

const index = process.argv.indexOf('--hosts');
const peer = await FediversePeer.start(parseHosts(index === -1 ? '127.0.0.1:0' : process.argv[index + 1]!), {
  sharedKeys: process.argv.includes('--shared-keys'),
});
process.stdout.write(`${JSON.stringify({ origins: peer.origins })}\n`);
const stop = () => void peer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
