/**
 * A local stand-in for ShipEngine's API (node:http on 127.0.0.1, a free port), answering the documented
 * shapes of the endpoints the adapter uses: `POST /v1/rates`, `POST /v1/labels`,
 * `GET /v1/labels/external_shipment_id/{id}`, `PUT /v1/labels/{id}/void`, `GET /v1/tracking`,
 * `POST /v1/manifests`, with its error model (`request_id`, `errors[]` of `error_source`, `error_type`,
 * `error_code`, `message`) and its `API-Key` header. It remembers every label by the
 * `external_shipment_id` it was bought under (ShipEngine's handle for our idempotency key), so a test can
 * count purchases, and it can be told to fail the next request: 500, 400 validation, 401, 429, a body
 * that is not JSON or not the documented shape, or no answer at all (before or after buying).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInFault =
  | 'server_error'
  | 'validation'
  | 'unauthorized'
  | 'rate_limited'
  | 'not_json'
  | 'undocumented'
  /** Never answers: the client's timeout fires. */
  | 'hang'
  /** Does the work (a label is bought), then never answers: the answer is lost. */
  | 'hang_after_work';

export interface StandInLabel {
  label_id: string;
  external_shipment_id: string;
  carrier_id: string;
  carrier_code: string;
  service_code: string;
  tracking_number: string;
  /** One per package asked for: the first is tracking_number (ShipEngine's label `packages`). */
  package_tracking_numbers: string[];
  ship_date: string;
  shipment_cost: { currency: string; amount: number };
  voided: boolean;
  /** What the carrier would answer to a void: set by a test. */
  voidRefusal?: 'label_already_used' | 'label_not_found_within_void_period' | 'contact_carrier';
}

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
}

export interface ShipEngineStandIn {
  baseUrl: string;
  apiKey: string;
  labels: StandInLabel[];
  requests: RecordedRequest[];
  /** The next request (to a path containing `path`, when given) answers with this fault. */
  failNext(fault: StandInFault, path?: string): void;
  labelsBoughtWith(externalShipmentId: string): StandInLabel[];
  close(): Promise<void>;
}

/** Decimal prices as ShipEngine sends them (dollars), per service code. */
const prices: Record<string, { shipping: number; other?: number }> = {
  usps_ground_advantage: { shipping: 7.45 },
  usps_priority_mail: { shipping: 9.35 },
  usps_priority_mail_express: { shipping: 31.2 },
  ups_ground: { shipping: 12.34, other: 1.91 },
  ups_2nd_day_air: { shipping: 25.1 },
  // 45.67 + 0.1 + 0.2 is 45.970000000000006 in floating point: the adapter must say 4597 cents.
  ups_next_day_air: { shipping: 45.67, other: 0.1 },
};
const signatureFee = 0.2;

const carrierOfService = (serviceCode: string) =>
  serviceCode.startsWith('usps_') ? 'stamps_com' : (serviceCode.split('_')[0] ?? '');

const money = (amount: number) => ({ currency: 'usd', amount });

function errorBody(errorType: string, errorCode: string, message: string) {
  return {
    request_id: randomUUID(),
    errors: [{ error_source: 'shipengine', error_type: errorType, error_code: errorCode, message }],
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

interface Shipment {
  carrier_id?: string;
  service_code?: string;
  external_shipment_id?: string;
  ship_date?: string;
  confirmation?: string;
  ship_to?: { postal_code?: string };
  packages?: unknown[];
}

export async function startShipEngineStandIn(options: {
  apiKey: string;
  /** The account's connected carriers: carrier code → carrier id. */
  carriers: Record<string, string>;
}): Promise<ShipEngineStandIn> {
  const labels: StandInLabel[] = [];
  const requests: RecordedRequest[] = [];
  const faults: { fault: StandInFault; path?: string }[] = [];
  let counter = 1000;
  const codeOfCarrier = new Map(Object.entries(options.carriers).map(([code, id]) => [id, code]));

  function takeFault(path: string): StandInFault | undefined {
    const index = faults.findIndex((fault) => fault.path === undefined || path.includes(fault.path));
    return index === -1 ? undefined : faults.splice(index, 1)[0]!.fault;
  }

  function rate(serviceCode: string, carrierId: string, shipment: Shipment) {
    const price = prices[serviceCode]!;
    return {
      rate_id: `se-rate-${(counter += 1)}`,
      rate_type: 'shipment',
      carrier_id: carrierId,
      shipping_amount: money(price.shipping),
      insurance_amount: money(0),
      confirmation_amount: money(shipment.confirmation === 'signature' ? signatureFee : 0),
      other_amount: money(price.other ?? 0),
      zone: 5,
      package_type: 'package',
      delivery_days: serviceCode.includes('next_day') ? 1 : 3,
      guaranteed_service: false,
      estimated_delivery_date: '2026-03-05T00:00:00Z',
      negotiated_rate: false,
      service_type: serviceCode,
      service_code: serviceCode,
      trackable: true,
      carrier_code: codeOfCarrier.get(carrierId),
      carrier_nickname: 'account',
      carrier_friendly_name: codeOfCarrier.get(carrierId)?.toUpperCase(),
      validation_status: 'valid',
      warning_messages: [],
      error_messages: [],
    };
  }

  function labelBody(label: StandInLabel, baseUrl: string) {
    return {
      label_id: label.label_id,
      status: label.voided ? 'voided' : 'completed',
      shipment_id: `se-shipment-${label.label_id}`,
      external_shipment_id: label.external_shipment_id,
      ship_date: `${label.ship_date}T05:00:00.000Z`,
      created_at: new Date().toISOString(),
      shipment_cost: label.shipment_cost,
      insurance_cost: money(0),
      tracking_number: label.tracking_number,
      packages: label.package_tracking_numbers.map((tracking_number, index) => ({
        package_id: index + 1,
        package_code: 'package',
        tracking_number,
      })),
      is_return_label: false,
      is_international: false,
      batch_id: '',
      carrier_id: label.carrier_id,
      service_code: label.service_code,
      package_code: 'package',
      voided: label.voided,
      voided_at: null,
      label_format: 'pdf',
      label_layout: '4x6',
      trackable: true,
      carrier_code: label.carrier_code,
      tracking_status: 'in_transit',
      label_download: {
        pdf: `${baseUrl}/v1/downloads/10/${label.label_id}/label.pdf`,
        png: `${baseUrl}/v1/downloads/10/${label.label_id}/label.png`,
        zpl: `${baseUrl}/v1/downloads/10/${label.label_id}/label.zpl`,
        href: `${baseUrl}/v1/downloads/10/${label.label_id}/label.pdf`,
      },
    };
  }

  /** What the endpoint answers: status and body, or `work` done with no answer for `hang_after_work`. */
  function route(
    method: string,
    url: URL,
    body: unknown,
    baseUrl: string,
  ): { status: number; body: unknown } {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/rates') {
      const { shipment, rate_options: rateOptions } = body as {
        shipment: Shipment;
        rate_options: { carrier_ids: string[]; service_codes?: string[] };
      };
      const rates = rateOptions.carrier_ids.flatMap((carrierId) =>
        (rateOptions.service_codes ?? Object.keys(prices))
          .filter((code) => prices[code] && carrierOfService(code) === codeOfCarrier.get(carrierId))
          .map((code) => rate(code, carrierId, shipment)),
      );
      return {
        status: 200,
        body: {
          rate_response: {
            rates,
            invalid_rates: [],
            rate_request_id: 'se-rr-1',
            status: 'completed',
            errors: [],
          },
        },
      };
    }
    if (method === 'POST' && path === '/v1/labels') {
      const { shipment } = body as { shipment: Shipment };
      if (!shipment.ship_to?.postal_code) {
        return {
          status: 400,
          body: errorBody(
            'validation',
            'field_value_required',
            'Invalid ship_to address: postal_code is required.',
          ),
        };
      }
      const serviceCode = shipment.service_code ?? '';
      const carrierCode = codeOfCarrier.get(shipment.carrier_id ?? '') ?? '';
      const price = prices[serviceCode];
      if (!price || carrierOfService(serviceCode) !== carrierCode) {
        return {
          status: 400,
          body: errorBody(
            'validation',
            'invalid_field_value',
            `${serviceCode} is not a service of ${shipment.carrier_id}.`,
          ),
        };
      }
      counter += 1;
      const trackingNumberOf = (number: number) =>
        carrierCode === 'ups'
          ? `1ZSTANDIN${String(number).padStart(9, '0')}`
          : `9400111${String(number).padStart(15, '0')}`;
      const tracking_number = trackingNumberOf(counter);
      // Each further package its own number, from a range of its own so it never meets a label's.
      const package_tracking_numbers = (shipment.packages ?? [undefined]).map((_, index) =>
        index === 0 ? tracking_number : trackingNumberOf(500_000_000 + counter * 100 + index),
      );
      const label: StandInLabel = {
        label_id: `se-${counter}`,
        external_shipment_id: shipment.external_shipment_id ?? '',
        carrier_id: shipment.carrier_id!,
        carrier_code: carrierCode,
        service_code: serviceCode,
        tracking_number,
        package_tracking_numbers,
        ship_date: shipment.ship_date ?? '2026-03-02',
        shipment_cost: money(
          price.shipping + (price.other ?? 0) + (shipment.confirmation === 'signature' ? signatureFee : 0),
        ),
        voided: false,
      };
      labels.push(label);
      return { status: 200, body: labelBody(label, baseUrl) };
    }
    const byExternalId = /^\/v1\/labels\/external_shipment_id\/([^/]+)$/.exec(path);
    if (method === 'GET' && byExternalId) {
      const label = labels.find((l) => l.external_shipment_id === decodeURIComponent(byExternalId[1]!));
      return label
        ? { status: 200, body: labelBody(label, baseUrl) }
        : { status: 404, body: errorBody('validation', 'not_found', 'Label not found.') };
    }
    const toVoid = /^\/v1\/labels\/([^/]+)\/void$/.exec(path);
    if (method === 'PUT' && toVoid) {
      const label = labels.find((l) => l.label_id === decodeURIComponent(toVoid[1]!));
      if (!label)
        return { status: 404, body: errorBody('validation', 'not_found', `Label ${toVoid[1]} not found.`) };
      if (label.voided) {
        return {
          status: 200,
          body: {
            approved: false,
            message: 'This label has already been voided.',
            reason_code: 'label_already_voided',
          },
        };
      }
      if (label.voidRefusal) {
        const messages = {
          label_already_used: 'The carrier has already scanned this label.',
          label_not_found_within_void_period: 'The label is outside the carrier’s allowed void period.',
          contact_carrier: 'Contact the carrier to void this label.',
        };
        return {
          status: 200,
          body: { approved: false, message: messages[label.voidRefusal], reason_code: label.voidRefusal },
        };
      }
      label.voided = true;
      return {
        status: 200,
        body: {
          approved: true,
          message: 'Request for refund submitted. This label has been voided.',
          voided_label_ids: [label.label_id],
        },
      };
    }
    if (method === 'GET' && path === '/v1/tracking') {
      const label = labels.find((l) => l.tracking_number === url.searchParams.get('tracking_number'));
      if (!label || label.carrier_code !== url.searchParams.get('carrier_code')) {
        return {
          status: 404,
          body: errorBody('validation', 'not_found', 'Tracking number not found for this carrier.'),
        };
      }
      const place = {
        city_locality: 'NEW YORK',
        state_province: 'NY',
        postal_code: '10001',
        country_code: 'US',
      };
      return {
        status: 200,
        body: {
          tracking_number: label.tracking_number,
          tracking_url: `https://tracking.example/${label.tracking_number}`,
          status_code: 'DE',
          status_description: 'Delivered',
          carrier_code: label.carrier_code,
          carrier_status_code: '01',
          ship_date: `${label.ship_date}T00:00:00Z`,
          estimated_delivery_date: null,
          actual_delivery_date: '2026-03-03T15:00:00Z',
          exception_description: null,
          // Newest first, one in local time with an offset, one without a status code.
          events: [
            {
              occurred_at: '2026-03-03T15:00:00Z',
              description: 'Delivered, In/At Mailbox',
              event_code: 'DLD',
              ...place,
            },
            {
              occurred_at: '2026-03-03T04:30:00-05:00',
              description: 'Departed Regional Facility',
              status_code: 'IT',
              city_locality: 'JERSEY CITY',
              state_province: 'NJ',
              postal_code: '',
              country_code: 'US',
            },
            {
              occurred_at: `${label.ship_date}T22:10:00Z`,
              description: 'Picked up',
              status_code: 'AC',
              ...place,
            },
          ],
        },
      };
    }
    if (method === 'POST' && path === '/v1/manifests') {
      const { label_ids: labelIds } = body as { label_ids: string[] };
      const unknown = labelIds.filter((id) => !labels.some((l) => l.label_id === id));
      if (unknown.length > 0) {
        return {
          status: 400,
          body: errorBody('validation', 'invalid_identifier', `Unknown labels: ${unknown.join(', ')}.`),
        };
      }
      const manifest = {
        manifest_id: 'se-11102',
        form_id: 'se-11102',
        created_at: new Date().toISOString(),
        ship_date: '2026-03-02T00:00:00Z',
        shipments: labelIds.length,
        label_ids: labelIds,
        warehouse_id: null,
        submission_id: '9475711201080308027034',
        carrier_id: labels.find((l) => l.label_id === labelIds[0])!.carrier_id,
        manifest_download: { href: `${baseUrl}/v1/downloads/0/manifest-11102.pdf` },
      };
      return { status: 200, body: { manifests: [manifest], ...manifest, request_id: randomUUID() } };
    }
    return { status: 404, body: errorBody('validation', 'not_found', `No route ${method} ${path}.`) };
  }

  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      const apiKey = request.headers['api-key'] as string | undefined;
      const body = await readBody(request);
      requests.push({ method, path: `${url.pathname}${url.search}`, apiKey, body });
      const fault = takeFault(`${method} ${url.pathname}`);
      if (fault === 'hang') return;
      if (fault === 'unauthorized' || apiKey !== options.apiKey) {
        // ShipEngine's own message; it repeats the key it was sent, which the adapter must never pass on.
        send(
          response,
          401,
          errorBody('security', 'unauthorized', `The API key is invalid: ${apiKey ?? '(none)'}.`),
        );
        return;
      }
      if (fault === 'server_error')
        return send(response, 500, errorBody('system', 'unspecified', 'An unexpected error occurred.'));
      if (fault === 'validation') {
        return send(
          response,
          400,
          errorBody(
            'validation',
            'invalid_address',
            'Invalid ship_to address: the postal code does not match the state.',
          ),
        );
      }
      if (fault === 'rate_limited') {
        return send(response, 429, errorBody('system', 'rate_limit_exceeded', 'Rate limit exceeded.'), {
          'retry-after': '7',
        });
      }
      if (fault === 'not_json') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>Maintenance</body></html>');
        return;
      }
      if (fault === 'undocumented') return send(response, 200, { label: 'somewhere' });
      const answer = route(method, url, body, baseUrl);
      if (fault === 'hang_after_work') return;
      send(response, answer.status, answer.body);
    })().catch((error: unknown) => {
      send(response, 500, errorBody('system', 'unspecified', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    apiKey: options.apiKey,
    labels,
    requests,
    failNext(fault, path) {
      faults.push({ fault, ...(path === undefined ? {} : { path }) });
    },
    labelsBoughtWith: (externalShipmentId) =>
      labels.filter((l) => l.external_shipment_id === externalShipmentId),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
