/**
 * ShipEngine's answers, as documented (unknown members are dropped, missing documented ones refuse the
 * answer). Built at the adapter's first call, not at load: most deployments never configure ShipEngine,
 * and every schema built at load is paid at each cold start of the fulfillment function.
 */
import * as z from 'zod/mini';

function buildAnswers() {
  const moneyAnswer = z.object({ currency: z.string(), amount: z.number() });
  const optionalMoney = z.optional(z.nullable(moneyAnswer));

  const errorAnswer = z.object({
    request_id: z.optional(z.nullable(z.string())),
    errors: z.array(
      z.object({
        error_source: z.optional(z.nullable(z.string())),
        error_type: z.optional(z.nullable(z.string())),
        error_code: z.optional(z.nullable(z.string())),
        message: z.string(),
      }),
    ),
  });

  const rateAnswer = z.object({
    carrier_code: z.string(),
    carrier_friendly_name: z.optional(z.nullable(z.string())),
    service_code: z.string(),
    service_type: z.optional(z.nullable(z.string())),
    shipping_amount: moneyAnswer,
    confirmation_amount: optionalMoney,
    other_amount: optionalMoney,
    insurance_amount: optionalMoney,
    delivery_days: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
    estimated_delivery_date: z.optional(z.nullable(z.string())),
  });

  const ratesAnswer = z.object({
    rate_response: z.object({
      rates: z.array(rateAnswer),
      errors: z.optional(z.nullable(errorAnswer.shape.errors)),
    }),
  });

  const labelAnswer = z.object({
    label_id: z.string().check(z.minLength(1)),
    status: z.string(),
    tracking_number: z.string().check(z.minLength(1)),
    ship_date: z.string(),
    shipment_cost: moneyAnswer,
    /** One per package, in the order asked; carriers with one number per shipment leave theirs empty. */
    packages: z.optional(
      z.nullable(z.array(z.object({ tracking_number: z.optional(z.nullable(z.string())) }))),
    ),
    carrier_code: z.optional(z.nullable(z.string())),
    service_code: z.optional(z.nullable(z.string())),
    voided: z.optional(z.nullable(z.boolean())),
    label_download: z.optional(
      z.nullable(
        z.object({ pdf: z.optional(z.nullable(z.string())), href: z.optional(z.nullable(z.string())) }),
      ),
    ),
  });

  const voidAnswer = z.object({
    approved: z.boolean(),
    message: z.string(),
    reason_code: z.optional(z.nullable(z.string())),
  });

  const trackingAnswer = z.object({
    tracking_number: z.optional(z.nullable(z.string())),
    status_code: z.optional(z.nullable(z.string())),
    events: z.optional(
      z.nullable(
        z.array(
          z.object({
            occurred_at: z.string(),
            description: z.optional(z.nullable(z.string())),
            status_code: z.optional(z.nullable(z.string())),
            event_code: z.optional(z.nullable(z.string())),
            city_locality: z.optional(z.nullable(z.string())),
            state_province: z.optional(z.nullable(z.string())),
            postal_code: z.optional(z.nullable(z.string())),
            country_code: z.optional(z.nullable(z.string())),
          }),
        ),
      ),
    ),
  });

  const manifestsAnswer = z.object({
    manifests: z.optional(
      z.nullable(
        z.array(
          z.object({
            manifest_id: z.string(),
            submission_id: z.optional(z.nullable(z.string())),
            form_id: z.optional(z.nullable(z.string())),
          }),
        ),
      ),
    ),
    manifest_id: z.optional(z.nullable(z.string())),
    submission_id: z.optional(z.nullable(z.string())),
  });

  return { errorAnswer, ratesAnswer, labelAnswer, voidAnswer, trackingAnswer, manifestsAnswer };
}

export type ShipEngineAnswers = ReturnType<typeof buildAnswers>;
export type RateAnswer = z.infer<ShipEngineAnswers['ratesAnswer']>['rate_response']['rates'][number];
export type LabelAnswer = z.infer<ShipEngineAnswers['labelAnswer']>;
export type ErrorAnswer = z.infer<ShipEngineAnswers['errorAnswer']>;

let built: ShipEngineAnswers | undefined;

export function shipEngineAnswers(): ShipEngineAnswers {
  return (built ??= buildAnswers());
}
