import { createHmac, hkdfSync } from 'node:crypto';
import { randomToken, sameDigest, sha256 } from '../../lib/crypto.ts';

/** What the key is for, so that it is no other key derived from the same secret. */
const KEY_INFO = 'workhub barber booking link v1';

/**
 * The tokens of the links a customer manages an online booking by (/book/{slug}/manage/{token}).
 * A new booking's token is HMAC-SHA256 of its id under a 256-bit key derived (HKDF-SHA256) from
 * the app's secret (JWT_SECRET), base64url; the row keeps only its sha256 (`token_hash`), as for
 * the random tokens of bookings made before. A later mail (the reminder, the shop's move) derives
 * it again and carries the link only when its hash is the one kept: a booking of a random token,
 * or one made under a secret since rotated, gets no link, and its mailed link keeps working (a
 * link is looked up by its token's hash alone). Without the secret's key nobody can compute a
 * token from an id.
 */
export type BookingLinks = {
  /** The token of a new online booking's link, for the appointment `appointmentId` is to have. */
  tokenFor(appointmentId: string): string;
  /** That booking's token again, when `tokenHash` is its hash; null otherwise (none to give). */
  tokenOf(appointmentId: string, tokenHash: string | null): string | null;
};

export function bookingLinks(secret: string | undefined): BookingLinks {
  // The app refuses to start without its secret; without one here, tokens stay random (no links later).
  if (!secret) return { tokenFor: () => randomToken(), tokenOf: () => null };
  const key = Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32));
  const tokenFor = (appointmentId: string) =>
    createHmac('sha256', key).update(`appointment:${appointmentId}`).digest('base64url');
  return {
    tokenFor,
    tokenOf(appointmentId, tokenHash) {
      if (!tokenHash) return null;
      const token = tokenFor(appointmentId);
      return sameDigest(sha256(token), tokenHash) ? token : null;
    },
  };
}

/** The page of a booking's token: where the mail's link leads (the web's /book/:slug/manage/:token). */
export const manageLink = (publicUrl: string, slug: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/book/${encodeURIComponent(slug)}/manage/${token}`;

/** The link of a booking whose token derives again (tokenOf), else null. */
export function derivedLink(
  links: BookingLinks,
  publicUrl: string,
  slug: string,
  appointment: { id: string; tokenHash: string | null },
): string | null {
  const token = links.tokenOf(appointment.id, appointment.tokenHash);
  return token === null ? null : manageLink(publicUrl, slug, token);
}
