/**
 * One order as a channel sends it: who (and where), what, at which prices, taxes and shipping, with
 * the tags a merchant would add. Its story (payments, shipping) is told by order-plan and order-story.
 */
import type { OrderLine } from '../../../shared/domain/order';
import type { Channel } from './channels';
import { channels, retailers } from './channels';
import type { City, Country } from './countries';
import { countries, usdRates } from './countries';
import { address, customer } from './customers';
import type { LinePicker } from './order-lines';
import { pickLines } from './order-lines';
import type { OrderBasics } from './order-story';
import type { Random } from './random';
import { weighted } from './random';

export interface NewOrder {
  basics: OrderBasics;
  channel: Channel;
  country: Country;
  city: City;
}

const channelPicker = weighted(channels.map((channel) => [channel, channel.weight] as const));
const countryPicker = weighted(countries.map((country) => [country, country.weight] as const));
const promotions = [
  { code: 'WELCOME10', share: 0.1 },
  { code: 'SPRING15', share: 0.15 },
  { code: 'VIP20', share: 0.2 },
];

export class OrderFactory {
  private readonly sequences = new Map<string, number>();

  constructor(
    private readonly lines: LinePicker,
    private readonly random: Random,
  ) {}

  make(orderDate: number): NewOrder {
    const random = this.random;
    const channel = channelPicker.pick(random);
    let country = countryPicker.pick(random);
    while (channel.countries && !channel.countries.includes(country.code))
      country = countryPicker.pick(random);
    const sequence = this.sequences.get(channel.code) ?? 0;
    this.sequences.set(channel.code, sequence + 1);

    const wholesale = channel.payment === 'terms';
    const buyer = customer(country, random, {
      relayEmail: channel.relayEmail,
      ...(wholesale ? { company: random.pick(retailers) } : {}),
    });
    const promotion = channel.code === 'webshop' && random.chance(0.15) ? random.pick(promotions) : undefined;
    const usdRate = usdRates[country.currency]!;
    const { lines, subtotalUsd } = pickLines(
      this.lines,
      new Date(orderDate).getUTCMonth(),
      channel,
      {
        currency: country.currency,
        usdRate,
        // Trade sales are tax-exempt (resale certificates, EU reverse charge).
        taxRate: wholesale ? 0 : (buyer.city.taxRate ?? country.taxRate),
        promotion: promotion?.share ?? 0,
      },
      random,
    );
    const shippingUsd = channel.shipping(subtotalUsd, random);
    const gift = channel.code === 'webshop' && random.chance(0.06);
    const services = country.shippingServices;
    const tags = [
      ...(channel.code === 'amazon' && shippingUsd === 0 ? ['prime'] : []),
      ...(wholesale ? ['wholesale'] : []),
      ...(gift ? ['gift'] : []),
      ...(promotion ? [`promo:${promotion.code}`] : []),
      ...(random.chance(0.03) ? ['vip'] : []),
    ];
    const billTo = gift
      ? address(country, random, `${random.pick(country.firstNames)} ${random.pick(country.lastNames)}`)
      : channel.code === 'webshop' || wholesale
        ? buyer.shipTo
        : undefined;
    return {
      channel,
      country,
      city: buyer.city,
      basics: {
        id: channel.orderId(sequence, random),
        channel: channel.code,
        orderDate: new Date(orderDate).toISOString(),
        customer: buyer.customer,
        shipTo: buyer.shipTo,
        ...(billTo ? { billTo } : {}),
        lines: lines.map((line): OrderLine => ({ ...line, status: 'active', shippedQuantity: 0 })),
        currency: country.currency,
        shippingCharge: Math.round(shippingUsd * usdRate),
        requestedShippingService: random.chance(0.6) ? services[0]! : random.pick(services),
        tags,
      },
    };
  }
}
