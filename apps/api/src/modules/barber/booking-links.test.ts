import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.ts';
import { TEST_JWT_SECRET, useTestApp } from '../../test/helpers.ts';
import { call } from '../../test/work.ts';
import { barberShop, bookedOnline, type Shop } from './barber-test-helpers.ts';
import { bookingLinks } from './booking-links.ts';

const t = useTestApp();

describe('the tokens of booking links', () => {
  const links = bookingLinks(TEST_JWT_SECRET);

  it('are 256 bits (43 base64url characters), one per booking and per secret', () => {
    const id = randomUUID();
    const token = links.tokenFor(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.tokenFor(id)).toBe(token);
    expect(links.tokenFor(randomUUID())).not.toBe(token);
    expect(bookingLinks(`${TEST_JWT_SECRET}x`).tokenFor(id)).not.toBe(token);
    // Keyed: neither the id's hash nor an HMAC keyed by the secret itself.
    expect(token).not.toBe(createHash('sha256').update(id).digest('base64url'));
  });

  it('are given again only for the hash kept of them', () => {
    const id = randomUUID();
    const token = links.tokenFor(id);
    expect(links.tokenOf(id, sha256(token))).toBe(token);
    expect(links.tokenOf(id, null)).toBeNull();
    expect(links.tokenOf(id, sha256('a random token of a booking made before'))).toBeNull();
    expect(links.tokenOf(randomUUID(), sha256(token))).toBeNull();
    expect(links.tokenOf(id, 'not hex')).toBeNull();
    expect(bookingLinks(`${TEST_JWT_SECRET}x`).tokenOf(id, sha256(token))).toBeNull();
  });

  it('without a secret: random tokens, never given again', () => {
    const none = bookingLinks(undefined);
    const id = randomUUID();
    expect(none.tokenFor(id)).not.toBe(none.tokenFor(id));
    expect(none.tokenOf(id, sha256(none.tokenFor(id)))).toBeNull();
  });
});

describe('a link opens its own booking only', () => {
  const BASE = '/api/public/booking';
  const manage = (slug: string, token: string) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${slug}/manage/${token}` });

  /** Books online; the appointment's id (as the shop sees it) and its link's token. */
  async function bookOnline(shop: Shop, hour: number) {
    const email = `links-${randomUUID()}@example.com`;
    const { start, link } = await bookedOnline(t, shop, email, hour, 'Link Holder');
    const token = link.split('/').pop() as string;
    const list = await call(t, 'GET', `/api/barber/appointments?q=${encodeURIComponent(email)}`, shop.token);
    const id: string = list.json().data[0].id;
    return { id, token, start };
  }

  it("refuses another booking's token, one of another key, a hash of the id, and another shop's link", async () => {
    const shop = await barberShop(t);
    const other = await barberShop(t);
    const a = await bookOnline(shop, 9);
    const b = await bookOnline(shop, 10);
    const c = await bookOnline(other, 9);

    expect((await manage(shop.slug, a.token)).json().data.start_at).toBe(a.start);
    expect((await manage(shop.slug, b.token)).json().data.start_at).toBe(b.start);
    // The token is the server's key's HMAC of the id: derived with that key it is the mailed one.
    expect(bookingLinks(TEST_JWT_SECRET).tokenFor(b.id)).toBe(b.token);
    for (const forged of [
      bookingLinks(`another-secret-${'z'.repeat(40)}`).tokenFor(b.id),
      createHash('sha256').update(b.id).digest('base64url'),
      createHash('sha256').update(`appointment:${b.id}`).digest('base64url'),
      bookingLinks(TEST_JWT_SECRET).tokenFor(randomUUID()),
    ]) {
      expect((await manage(shop.slug, forged)).statusCode, forged).toBe(404);
    }
    // A shop's link on another shop's page, either way.
    expect((await manage(other.slug, a.token)).statusCode).toBe(404);
    expect((await manage(shop.slug, c.token)).statusCode).toBe(404);
    expect((await manage(other.slug, c.token)).statusCode).toBe(200);
  });
});
