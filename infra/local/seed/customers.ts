/** Customers and their addresses, checked against the service's own address rules as they are made. */
import type { Address } from '../../../shared/domain/address';
import { addressProblems } from '../../../shared/domain/address';
import type { Order } from '../../../shared/domain/order';
import type { City, Country } from './countries';
import type { Random } from './random';

export interface Customer {
  customer: Order['customer'];
  shipTo: Address;
  /** The ship-to city: its state tax and the warehouse that serves it. */
  city: City;
}

/** Email local parts are ASCII: `Müller` becomes `muller`, `Łukasz` becomes `lukasz`. */
function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function phone(country: Country, random: Random): string {
  return `${country.phonePrefix} ${random.digits(3)} ${random.digits(3)} ${random.digits(4)}`;
}

export function address(country: Country, random: Random, name?: string, company?: string): Address {
  return located(country, random.pick(country.cities), random, name, company);
}

function located(country: Country, city: City, random: Random, name?: string, company?: string): Address {
  const street = random.pick(country.streets);
  const number = random.int(1, 240);
  const value: Address = {
    ...(name ? { name } : {}),
    ...(company ? { company } : {}),
    line1: country.numberFirst ? `${number} ${street}` : `${street} ${number}`,
    ...(random.chance(0.15) ? { line2: `Apt ${random.int(1, 40)}` } : {}),
    city: city.name,
    ...(city.region ? { region: city.region } : {}),
    postalCode: city.postalCode(random),
    country: country.code,
  };
  const problems = addressProblems(value);
  if (problems.length > 0) throw new Error(`seed made an invalid address (${problems.join('; ')})`);
  return value;
}

/** Marketplaces hand out relay addresses instead of the customer's own. */
export function customer(
  country: Country,
  random: Random,
  options: { relayEmail: boolean; company?: string },
): Customer {
  const first = random.pick(country.firstNames);
  const last = random.pick(country.lastNames);
  const name = `${first} ${last}`;
  const city = random.pick(country.cities);
  const email = options.relayEmail
    ? `${random.digits(10)}@relay.marketplace.example.com`
    : `${ascii(first)}.${ascii(last)}${random.int(1, 999)}@example.${random.pick(['com', 'org', 'net'])}`;
  return {
    customer: { name, email, ...(random.chance(0.6) ? { phone: phone(country, random) } : {}) },
    shipTo: located(country, city, random, name, options.company),
    city,
  };
}
