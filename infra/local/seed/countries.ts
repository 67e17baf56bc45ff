/**
 * Where customers live: per country its share of customers, cities (with their postal-code ranges),
 * streets, people's names, currency, sales tax and the shipping services customers pick there.
 */
import type { PostalCode } from './postal-codes';
import { canadianPostcode, digits, dutchPostcode, polishPostcode, ukPostcode, zip } from './postal-codes';

export interface City {
  name: string;
  region?: string;
  postalCode: PostalCode;
  /** US state sales tax (the country's rate applies otherwise). */
  taxRate?: number;
  /** Served by the east-coast warehouse (US and Canada). */
  east?: boolean;
}

export interface Country {
  code: string;
  currency: string;
  /** Relative share of the merchant's customers. */
  weight: number;
  /** VAT or GST on goods; US cities carry their state's rate. */
  taxRate: number;
  /** House number before the street (US, UK, France) or after it (most of Europe). */
  numberFirst: boolean;
  cities: City[];
  streets: string[];
  firstNames: string[];
  lastNames: string[];
  phonePrefix: string;
  shippingServices: string[];
}

/** Lists written as one comma-separated string keep this table readable. */
const list = (text: string) => text.split(', ');

const englishFirst = list(
  'James, Mary, Olivia, Liam, Emma, Noah, Ava, Lucas, Sophia, Ethan, Mia, Grace, Henry, Chloe, Jack, Zoe, ' +
    'Daniel, Aisha, Priya, Diego, Hannah, Samuel, Leah, Owen',
);
const englishLast = list(
  'Smith, Johnson, Williams, Brown, Jones, Garcia, Miller, Davis, Wilson, Taylor, Clark, Lewis, Walker, ' +
    'Young, Hall, Patel, Nguyen, Kim, Murphy, Campbell, Evans, Roberts, Khan, Cooper',
);

const us = (name: string, region: string, from: number, to: number, taxRate: number, east = false): City => ({
  name,
  region,
  postalCode: zip(from, to),
  taxRate,
  east,
});

export const countries: readonly Country[] = [
  {
    code: 'US',
    currency: 'USD',
    weight: 55,
    taxRate: 0,
    numberFirst: true,
    cities: [
      us('New York', 'NY', 10001, 10282, 0.08875, true),
      us('Brooklyn', 'NY', 11201, 11239, 0.08875, true),
      us('Los Angeles', 'CA', 90001, 90089, 0.095),
      us('San Francisco', 'CA', 94102, 94134, 0.08625),
      us('Chicago', 'IL', 60601, 60661, 0.1025, true),
      us('Houston', 'TX', 77002, 77099, 0.0825),
      us('Austin', 'TX', 78701, 78759, 0.0825),
      us('Seattle', 'WA', 98101, 98199, 0.1035),
      us('Portland', 'OR', 97201, 97239, 0),
      us('Denver', 'CO', 80202, 80239, 0.0881),
      us('Phoenix', 'AZ', 85003, 85054, 0.086),
      us('Miami', 'FL', 33125, 33199, 0.07, true),
      us('Atlanta', 'GA', 30303, 30363, 0.089, true),
      us('Boston', 'MA', 2108, 2137, 0.0625, true),
      us('Philadelphia', 'PA', 19102, 19154, 0.08, true),
      us('Minneapolis', 'MN', 55401, 55488, 0.08025, true),
      us('Nashville', 'TN', 37201, 37250, 0.0925, true),
      us('Wilmington', 'DE', 19801, 19810, 0, true),
    ],
    streets: list(
      'Main St, Oak Ave, Maple Dr, Cedar Ln, Park Ave, Elm St, Washington Blvd, Lakeview Rd, Pine St',
    ),
    firstNames: englishFirst,
    lastNames: englishLast,
    phonePrefix: '+1',
    shippingServices: list(
      'USPS Ground Advantage, USPS Priority Mail, UPS Ground, UPS 2nd Day Air, FedEx Home Delivery',
    ),
  },
  {
    code: 'CA',
    currency: 'CAD',
    weight: 7,
    taxRate: 0.13,
    numberFirst: true,
    cities: [
      { name: 'Toronto', region: 'ON', postalCode: canadianPostcode('M5V'), east: true },
      { name: 'Ottawa', region: 'ON', postalCode: canadianPostcode('K1P'), east: true },
      { name: 'Montreal', region: 'QC', postalCode: canadianPostcode('H2X'), east: true },
      { name: 'Vancouver', region: 'BC', postalCode: canadianPostcode('V6B') },
      { name: 'Calgary', region: 'AB', postalCode: canadianPostcode('T2P') },
    ],
    streets: list('Queen St W, King St E, Yonge St, Rue Sainte-Catherine, Robson St, Bank St, 17 Ave SW'),
    firstNames: englishFirst,
    lastNames: [...englishLast, ...list('Tremblay, Gagnon, Roy, Bouchard')],
    phonePrefix: '+1',
    shippingServices: list('Canada Post Expedited Parcel, Canada Post Xpresspost, Purolator Ground'),
  },
  {
    code: 'GB',
    currency: 'GBP',
    weight: 10,
    taxRate: 0.2,
    numberFirst: true,
    cities: [
      ...list('SW1A, EC1V, N1, SE1').map((outward) => ({ name: 'London', postalCode: ukPostcode(outward) })),
      { name: 'Manchester', postalCode: ukPostcode('M1') },
      { name: 'Birmingham', postalCode: ukPostcode('B15') },
      { name: 'Leeds', postalCode: ukPostcode('LS1') },
      { name: 'Bristol', postalCode: ukPostcode('BS1') },
      { name: 'Edinburgh', postalCode: ukPostcode('EH1') },
      { name: 'Glasgow', postalCode: ukPostcode('G2') },
    ],
    streets: list('High Street, Church Road, Station Road, Victoria Road, Green Lane, Manor Road, Park Road'),
    firstNames: englishFirst,
    lastNames: [...englishLast, ...list('Wright, Thompson, Hughes, Edwards')],
    phonePrefix: '+44',
    shippingServices: list('Royal Mail Tracked 48, Royal Mail Tracked 24, DPD Next Day, Evri Standard'),
  },
  {
    code: 'DE',
    currency: 'EUR',
    weight: 9,
    taxRate: 0.19,
    numberFirst: false,
    cities: [
      { name: 'Berlin', postalCode: digits(10115, 14199, 5) },
      { name: 'Hamburg', postalCode: digits(20095, 22769, 5) },
      { name: 'München', postalCode: digits(80331, 81929, 5) },
      { name: 'Köln', postalCode: digits(50667, 51149, 5) },
      { name: 'Frankfurt am Main', postalCode: digits(60306, 60599, 5) },
      { name: 'Leipzig', postalCode: digits(4103, 4357, 5) },
      { name: 'Düsseldorf', postalCode: digits(40210, 40629, 5) },
    ],
    streets: list('Hauptstraße, Schulstraße, Gartenstraße, Bahnhofstraße, Lindenallee, Berliner Straße'),
    firstNames: list('Anna, Lukas, Lena, Jonas, Marie, Felix, Sophie, Paul, Laura, Maximilian, Jana, Tobias'),
    lastNames: list('Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Hoffmann, Schäfer'),
    phonePrefix: '+49',
    shippingServices: list('DHL Paket, DHL Express, Hermes Päckchen, DPD Classic'),
  },
  {
    code: 'FR',
    currency: 'EUR',
    weight: 5,
    taxRate: 0.2,
    numberFirst: true,
    cities: [
      { name: 'Paris', postalCode: digits(75001, 75020, 5) },
      { name: 'Lyon', postalCode: digits(69001, 69009, 5) },
      { name: 'Marseille', postalCode: digits(13001, 13016, 5) },
      { name: 'Toulouse', postalCode: digits(31000, 31500, 5) },
      { name: 'Bordeaux', postalCode: digits(33000, 33800, 5) },
      { name: 'Nantes', postalCode: digits(44000, 44300, 5) },
    ],
    streets: list('rue de la République, avenue Victor Hugo, rue Pasteur, boulevard Voltaire, rue des Lilas'),
    firstNames: list('Camille, Louis, Léa, Hugo, Chloé, Arthur, Manon, Jules, Inès, Gabriel'),
    lastNames: list('Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau'),
    phonePrefix: '+33',
    shippingServices: list('Colissimo, Chronopost, Mondial Relay'),
  },
  {
    code: 'NL',
    currency: 'EUR',
    weight: 3,
    taxRate: 0.21,
    numberFirst: false,
    cities: [
      { name: 'Amsterdam', postalCode: dutchPostcode(1011, 1109) },
      { name: 'Rotterdam', postalCode: dutchPostcode(3011, 3089) },
      { name: 'Utrecht', postalCode: dutchPostcode(3511, 3585) },
      { name: 'Den Haag', postalCode: dutchPostcode(2511, 2599) },
    ],
    streets: list('Kerkstraat, Dorpsstraat, Prinsengracht, Stationsweg, Molenweg, Julianalaan'),
    firstNames: list('Daan, Emma, Sem, Julia, Lucas, Mila, Finn, Tess, Levi, Sara'),
    lastNames: list('de Jong, Jansen, de Vries, van den Berg, Bakker, Visser, Smit, Meijer, de Boer, Mulder'),
    phonePrefix: '+31',
    shippingServices: list('PostNL Standaard, DHL Parcel NL, DPD Classic'),
  },
  {
    code: 'IT',
    currency: 'EUR',
    weight: 3,
    taxRate: 0.22,
    numberFirst: false,
    cities: [
      { name: 'Roma', region: 'RM', postalCode: digits(118, 199, 5) },
      { name: 'Milano', region: 'MI', postalCode: digits(20121, 20162, 5) },
      { name: 'Napoli', region: 'NA', postalCode: digits(80121, 80147, 5) },
      { name: 'Torino', region: 'TO', postalCode: digits(10121, 10156, 5) },
      { name: 'Bologna', region: 'BO', postalCode: digits(40121, 40141, 5) },
    ],
    streets: list('Via Roma, Via Garibaldi, Corso Italia, Via Dante, Via Mazzini, Piazza del Duomo'),
    firstNames: list('Giulia, Leonardo, Sofia, Francesco, Aurora, Alessandro, Martina, Lorenzo'),
    lastNames: list('Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci'),
    phonePrefix: '+39',
    shippingServices: list('Poste Italiane Crono, BRT Express, GLS Italy'),
  },
  {
    code: 'ES',
    currency: 'EUR',
    weight: 3,
    taxRate: 0.21,
    numberFirst: false,
    cities: [
      { name: 'Madrid', postalCode: digits(28001, 28055, 5) },
      { name: 'Barcelona', postalCode: digits(8001, 8042, 5) },
      { name: 'Valencia', postalCode: digits(46001, 46026, 5) },
      { name: 'Sevilla', postalCode: digits(41001, 41020, 5) },
    ],
    streets: list('Calle Mayor, Gran Vía, Calle de Alcalá, Avenida de la Constitución, Paseo de Gracia'),
    firstNames: list('Lucía, Hugo, Martina, Mateo, Paula, Pablo, Carmen, Javier'),
    lastNames: list('García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez'),
    phonePrefix: '+34',
    shippingServices: list('Correos Paq Estándar, SEUR 24, MRW'),
  },
  {
    code: 'PL',
    currency: 'PLN',
    weight: 1,
    taxRate: 0.23,
    numberFirst: false,
    cities: [
      { name: 'Warszawa', postalCode: polishPostcode(1, 4999) },
      { name: 'Kraków', postalCode: polishPostcode(30001, 31999) },
      { name: 'Gdańsk', postalCode: polishPostcode(80001, 80899) },
      { name: 'Wrocław', postalCode: polishPostcode(50001, 54999) },
    ],
    streets: list('ul. Marszałkowska, ul. Długa, ul. Floriańska, ul. Piotrkowska, ul. Mickiewicza'),
    firstNames: list('Zofia, Jakub, Maja, Antoni, Hanna, Jan, Julia, Szymon'),
    lastNames: list('Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński'),
    phonePrefix: '+48',
    shippingServices: list('InPost Paczkomat, Poczta Polska, DPD Polska'),
  },
  {
    code: 'AU',
    currency: 'AUD',
    weight: 4,
    taxRate: 0.1,
    numberFirst: true,
    cities: [
      { name: 'Sydney', region: 'NSW', postalCode: digits(2000, 2234, 4) },
      { name: 'Melbourne', region: 'VIC', postalCode: digits(3000, 3207, 4) },
      { name: 'Brisbane', region: 'QLD', postalCode: digits(4000, 4179, 4) },
      { name: 'Perth', region: 'WA', postalCode: digits(6000, 6199, 4) },
    ],
    streets: list('George St, Collins St, Queen St, Hay St, King William St, Chapel St'),
    firstNames: englishFirst,
    lastNames: [...englishLast, ...list('Kelly, Ryan, Byrne')],
    phonePrefix: '+61',
    shippingServices: list('Australia Post Parcel Post, Australia Post Express Post, Sendle Standard'),
  },
];

/** Rough exchange rates from US dollars: list prices in the customer's currency, vendor costs in theirs. */
export const usdRates: Record<string, number> = {
  USD: 1,
  CAD: 1.37,
  GBP: 0.79,
  EUR: 0.92,
  PLN: 3.98,
  AUD: 1.52,
};
