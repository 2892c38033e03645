// Passkey runs the browser's side of the WebAuthn ceremonies: the server
// sends options with binary fields in base64url, which the browser wants
// as ArrayBuffers, and wants the answer back in base64url.

import { call } from './api.js';

const fromB64 = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
const toB64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * onAddress reports whether the page was opened by an IP address: a
 * passkey belongs to a domain name, so browsers refuse passkeys there.
 */
export const onAddress = () => /^[\d.]+$/.test(location.hostname) || location.hostname.startsWith('[');

/** available reports whether this page may use passkeys (a secure context with WebAuthn, on a name). */
export const available = () => window.isSecureContext && !!window.PublicKeyCredential && !onAddress();

/**
 * nameURL returns this page's address with localhost for a loopback
 * address, where passkeys work; "" for any other address.
 */
export function nameURL() {
  const h = location.hostname;
  if (h !== '127.0.0.1' && h !== '[::1]') return '';
  return `${location.protocol}//localhost${location.port ? ':' + location.port : ''}${location.pathname}${location.hash}`;
}

function creationOptions(o) {
  const pk = o.publicKey;
  return {
    ...pk,
    challenge: fromB64(pk.challenge),
    user: { ...pk.user, id: fromB64(pk.user.id) },
    excludeCredentials: (pk.excludeCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) })),
  };
}

function requestOptions(o) {
  const pk = o.publicKey;
  return {
    ...pk,
    challenge: fromB64(pk.challenge),
    allowCredentials: (pk.allowCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) })),
  };
}

// answer turns a PublicKeyCredential into the JSON the server parses.
function answer(cred) {
  const r = cred.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    if (r.getTransports) response.transports = r.getTransports();
  } else {
    response.authenticatorData = toB64(r.authenticatorData);
    response.signature = toB64(r.signature);
    if (r.userHandle) response.userHandle = toB64(r.userHandle);
  }
  return { id: cred.id, rawId: toB64(cred.rawId), type: cred.type, response, clientExtensionResults: cred.getClientExtensionResults() };
}

/**
 * register creates a passkey: for a guest signing up under username, or
 * for an account adding one (username empty). Resolves to the player.
 */
export async function register(username, name) {
  const options = await call('POST', '/api/account/passkeys/begin', username ? { username } : {});
  const cred = await navigator.credentials.create({ publicKey: creationOptions(options) });
  return call('POST', '/api/account/passkeys/finish', { name, credential: answer(cred) });
}

/** logIn signs in with a passkey the browser offers. Resolves to the player. */
export async function logIn() {
  const options = await call('POST', '/api/account/login/passkey/begin', {});
  const cred = await navigator.credentials.get({ publicKey: requestOptions(options) });
  return call('POST', '/api/account/login/passkey/finish', { credential: answer(cred) });
}
