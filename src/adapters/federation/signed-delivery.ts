import { signRequest } from '@fedify/fedify/sig';
import { DELIVERY_TIMEOUT_MS, type DeliveryResult } from '../../domain/federation/delivery.ts';
import type { InboxClient } from '../../services/federation/deliver-batch.ts';
import type { ActorKeys } from './actor-keys.ts';
import { remoteFetch, type RemotePolicy } from './remote-fetch.ts';
import type { ApUris } from './ap-uris.ts';

/**
 * POSTs an activity to an inbox, signed with the sending account's key the way Mastodon expects
 * (draft-cavage HTTP Signatures: rsa-sha256 over (request-target), host, date, digest and content
 * type), under the remote policy: public https addresses only, ten seconds, no redirects.
 */
export class SignedInboxClient implements InboxClient {
  constructor(
    private readonly keys: ActorKeys,
    private readonly uris: ApUris,
    private readonly policy: Omit<RemotePolicy, 'timeoutMs' | 'maxBytes'>,
  ) {}

  async post(inbox: string, body: string, account: string): Promise<DeliveryResult> {
    try {
      const { privateKey } = await this.keys.keyPairOf(account);
      const unsigned = new Request(inbox, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json' },
      });
      const signed = await signRequest(unsigned, privateKey, this.uris.keyId(account), { spec: 'draft-cavage-http-signatures-12' });
      const { response } = await remoteFetch(
        inbox,
        { method: 'POST', headers: signed.headers, body },
        // An inbox's answer is not read: its status is all that matters.
        { ...this.policy, timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: 0 },
      );
      return { status: response.status };
    } catch (error) {
      return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }
}
