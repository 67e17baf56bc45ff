/**
 * What can go wrong with a carrier, as problem documents (shared/http/problem.ts renders every AppError):
 * a package beyond the carrier's limits and a request the carrier will not take are the caller's to fix
 * (422); a carrier that answers badly (502) or not in time (504) is not.
 */
import { AppError } from '../../../shared/errors';

/** Which limit a package broke, named as `CarrierAdapter.limits` names them. */
export type CarrierLimitName =
  'maxWeightGrams' | 'maxLengthCm' | 'maxLengthPlusGirthCm' | 'heaviestBandGrams';

/** A package over one of the carrier's limits (422): the message names the package, its size and the limit. */
export class CarrierLimitExceeded extends AppError {
  readonly status = 422;
  readonly title = 'Carrier Limit Exceeded';
  constructor(
    detail: string,
    readonly limit: {
      processorCode: string;
      limit: CarrierLimitName;
      maximum: number;
      actual: number;
      /** Where in the request, e.g. `packages[1].weightGrams` (0-based, while the message counts from 1). */
      path: string;
    },
  ) {
    super(detail, limit);
  }
}

/**
 * A request the carrier will not take (422): a destination or origin it does not serve, a service,
 * confirmation, package type or currency it does not offer, or a carrier API's validation message.
 */
export class CarrierRefused extends AppError {
  readonly status = 422;
  readonly title = 'Carrier Refused';
  constructor(detail: string, extensions: { processorCode: string } & Record<string, unknown>) {
    super(detail, extensions);
  }
}

/**
 * The carrier failed (502 Bad Gateway): a 5xx, an answer that is not what its API documents, a
 * connection that broke, or a key it refuses (a configuration problem on our side, never the caller's).
 */
export class CarrierFailed extends AppError {
  readonly status = 502;
  readonly title = 'Carrier Failed';
  constructor(detail: string, extensions: { processorCode: string } & Record<string, unknown>) {
    super(detail, extensions);
  }
}

/**
 * The carrier did not answer in time (504 Gateway Timeout, not 503): we are up and acted as a gateway
 * whose upstream was silent, which is what 504 means; 503 in this API says that *we* are unavailable
 * (the database throttling) and asks for back-off. For a purchase the outcome is unknown, so the message
 * says a retry with the same idempotency key is safe (adapters look the label up by that key first).
 */
export class CarrierTimedOut extends AppError {
  readonly status = 504;
  readonly title = 'Carrier Timed Out';
  constructor(detail: string, extensions: { processorCode: string; timeoutMs: number }) {
    super(detail, extensions);
  }
}

/**
 * The carrier holds a label bought under this purchase key and it was voided (409): buying again under
 * the key would answer that voided label, never a new one. The print buys under the request's next key
 * (the label is known voided, so that buys no second label for one shipment); the message is for the
 * operation, not a client, who never sees purchase keys.
 */
export class PurchaseKeyVoided extends AppError {
  readonly status = 409;
  readonly title = 'Label Voided';
  constructor(detail: string, extensions: { processorCode: string; labelId: string }) {
    super(detail, { ...extensions, reasonCode: 'label_voided' });
  }
}
