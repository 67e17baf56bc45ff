/** Every benchmark, in the order `npm run bench` runs them; a new benchmark is one more entry here. */
import type { Suite } from '../lib/suite';
import { bundles } from './bundles';
import { calls } from './calls';
import { day } from './day';
import { exportsSuite } from './exports';
import { faults } from './faults';
import { keys } from './keys';
import { largeOrder } from './large-order';
import { orders } from './orders';
import { print } from './print';
import { reports } from './reports';
import { ruleList } from './rule-list';
import { requestOverhead } from './request-overhead';
import { shipments } from './shipments';
import { taxonomyApply } from './taxonomy-apply';
import { valuation } from './valuation';
import { wcu } from './wcu';
import { workOrder } from './work-order';

export const suites: readonly Suite[] = [
  bundles,
  requestOverhead,
  workOrder,
  orders,
  largeOrder,
  shipments,
  reports,
  valuation,
  exportsSuite,
  print,
  taxonomyApply,
  ruleList,
  keys,
  wcu,
  calls,
  day,
  faults,
];
