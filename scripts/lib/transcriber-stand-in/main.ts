/**
 * The stand-in transcriber on its own, for `npm start` by hand or a journey:
 *   npx tsx scripts/lib/transcriber-stand-in/main.ts --port 9031 [--delay-ms 2000]
 * then TRANSCRIBE_URL=http://127.0.0.1:9031/v1/audio/transcriptions npm start
 */
import { parseArgs } from 'node:util';
import { TranscriberStandIn } from './transcriber-stand-in.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '9031' }, 'delay-ms': { type: 'string', default: '0' } } });
const standIn = await TranscriberStandIn.start({ port: Number(values.port), delayMs: Number(values['delay-ms']) });
console.log(`Transcriber stand-in at ${standIn.url}`);
for (const [phrase, length] of await standIn.phraseLengths()) console.log(`  ${length.toFixed(2)} s  ${phrase}`);
process.on('SIGINT', () => void standIn.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
