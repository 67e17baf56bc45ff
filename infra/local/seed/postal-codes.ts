/**
 * Postal-code generators for the seed's cities, in the shapes `addressProblems` accepts
 * (shared/domain/address.ts): each draws a code from the range real addresses of that city use.
 */
import type { Random } from './random';

export type PostalCode = (random: Random) => string;

const pad = (value: number, length: number) => String(value).padStart(length, '0');
const letter = (random: Random, letters: string) => letters[random.int(0, letters.length - 1)]!;

/** Letters Royal Mail uses in the inward code, Canada Post in the local delivery unit, PostNL at the end. */
const gbLetters = 'ABDEFGHJLNPQRSTUWXYZ';
const caLetters = 'ABCEGHJKLMNPRSTVWXYZ';
const nlLetters = 'ABCDEGHJKLMNPRSTVWXZ';

/** A number in [from, to], zero-padded (German, French, Spanish, Italian, Australian codes). */
export const digits =
  (from: number, to: number, length: number): PostalCode =>
  (random) =>
    pad(random.int(from, to), length);

/** ZIP or ZIP+4. */
export const zip =
  (from: number, to: number): PostalCode =>
  (random) => {
    const base = pad(random.int(from, to), 5);
    return random.chance(0.15) ? `${base}-${pad(random.int(1, 9999), 4)}` : base;
  };

/** Outward code of a district, then a random inward code: `SW1A 2BQ`. */
export const ukPostcode =
  (outward: string): PostalCode =>
  (random) =>
    `${outward} ${random.int(0, 9)}${letter(random, gbLetters)}${letter(random, gbLetters)}`;

/** Forward sortation area, then a random local delivery unit: `M5V 3L9`. */
export const canadianPostcode =
  (area: string): PostalCode =>
  (random) =>
    `${area} ${random.int(0, 9)}${letter(random, caLetters)}${random.int(0, 9)}`;

/** Four digits and two letters: `1016 AB`. */
export const dutchPostcode =
  (from: number, to: number): PostalCode =>
  (random) =>
    `${random.int(from, to)} ${letter(random, nlLetters)}${letter(random, nlLetters)}`;

/** `00-950`. */
export const polishPostcode =
  (from: number, to: number): PostalCode =>
  (random) => {
    const value = random.int(from, to);
    return `${pad(Math.floor(value / 1000), 2)}-${pad(value % 1000, 3)}`;
  };
