/**
 * The address a request came from (request.ip, behind trustProxy), carried on the verified claims
 * object so that services, which get no request, can write it into the audit log. A symbol key:
 * a spread of the claims (`{ ...claims, role }`, as the tenant scope makes) keeps it, while JSON
 * (a token being signed, a response) never shows it.
 */
const CLIENT_IP = Symbol('clientIp');

type Carrier = { [CLIENT_IP]?: string };

/** Marks `claims` with the request's address and returns the same object. */
export function withClientIp<T extends object>(claims: T, ip: string): T {
  (claims as T & Carrier)[CLIENT_IP] = ip;
  return claims;
}

/** The address of the request whose claims these are (or a spread of them), null when unknown. */
export function clientIpOf(claims: object): string | null {
  return (claims as Carrier)[CLIENT_IP] ?? null;
}
