import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyCeremonies, RelyingParty, VerifiedPasskey } from '../../domain/security/ports.ts';
import { fromBase64Url, toBase64Url } from '../../media/base64.ts';

/**
 * Passkeys (WebAuthn, discoverable credentials) through @simplewebauthn/server (decision 052): the
 * ceremonies' options, and the verification of what the authenticator answered (CBOR, COSE keys,
 * signatures, origins) by a library made and reviewed for exactly this.
 */

/**
 * From the request's own URL, so a local site (localhost) and a deployed one both work without
 * settings. On Cloudflare the URL's host is one the deployment's routes accept; a browser binds a
 * passkey to the RP id and checks it against the page's origin, so a look-alike host gets nothing.
 */
export function relyingPartyOf(requestUrl: string, name: string): RelyingParty {
  const url = new URL(requestUrl);
  return { rpId: url.hostname, origin: url.origin, name };
}

const CHALLENGE_TIMEOUT_MS = 5 * 60_000;

export function registrationOptions(
  rp: RelyingParty,
  user: { id: number; username: string; displayName: string },
  existingCredentialIds: readonly { id: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpId,
    userName: user.username,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(`user-${user.id}`) as Uint8Array<ArrayBuffer>,
    timeout: CHALLENGE_TIMEOUT_MS,
    // Attestation (which maker's authenticator it is) is not asked for: decision 050 says why.
    attestationType: 'none',
    excludeCredentials: existingCredentialIds.map((credential) => ({ id: credential.id, transports: credential.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
}

export function signInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  // No allowCredentials: a discoverable credential names its own account.
  return generateAuthenticationOptions({ rpID: rp.rpId, userVerification: 'required', timeout: CHALLENGE_TIMEOUT_MS });
}

/** The new credential, or null when the answer does not verify (wrong challenge, origin, RP id, no user verification). */
export async function verifyRegistration(
  response: RegistrationResponseJSON,
  rp: RelyingParty,
  challengeIsLive: (challenge: string) => Promise<boolean>,
): Promise<VerifiedPasskey | null> {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challengeIsLive,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
    if (!verified.verified) return null;
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

/** The authenticator's new signature counter, or null when the assertion does not verify. */
export async function verifySignIn(
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  passkey: { credentialId: string; publicKey: string; counter: number; transports: string[] },
  challengeIsLive: (challenge: string) => Promise<boolean>,
): Promise<number | null> {
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeIsLive,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: fromBase64Url(passkey.publicKey) as Uint8Array<ArrayBuffer>,
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    return verified.verified ? verified.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** The ceremonies as the security use cases take them; the routes' schemas have checked the answers' shape, the library checks the rest. */
export const webAuthnCeremonies: PasskeyCeremonies = {
  registrationOptions,
  signInOptions,
  verifyRegistration: (response, rp, challengeIsLive) => verifyRegistration(response as RegistrationResponseJSON, rp, challengeIsLive),
  verifySignIn: (response, rp, passkey, challengeIsLive) =>
    verifySignIn(response as AuthenticationResponseJSON, rp, passkey, challengeIsLive),
};
