/**
 * What a rule's actions name (statuses, warehouses) must exist when it is created: read first for a
 * clear 400, and checked again inside the creating transaction so a concurrent delete cannot slip by.
 */
import type { TransactItem } from '../../../shared/db/transactions';
import type { AutomationAction } from '../../../shared/domain/automation';
import type { FieldError } from '../../../shared/errors';
import { ValidationFailed } from '../../../shared/errors';
import { findWarehouse } from '../../../shared/warehouses/repository';
import { warehouseExistsCheck } from './repository';
import { resolveStatus, statusUsableCheck } from '../../../shared/orders/statuses';

export interface Reference {
  kind: 'status' | 'warehouse';
  id: string;
  /** Every field naming it (`body.actions[2].statusId`). */
  paths: string[];
}

export function referencesOf(actions: readonly AutomationAction[]): Reference[] {
  const found = new Map<string, Reference>();
  const add = (kind: Reference['kind'], id: string, path: string) => {
    const key = `${kind}#${id}`;
    const reference = found.get(key) ?? { kind, id, paths: [] };
    reference.paths.push(path);
    found.set(key, reference);
  };
  actions.forEach((action, index) => {
    if (action.type === 'set_status') add('status', action.statusId, `body.actions[${index}].statusId`);
    if (action.type === 'assign_warehouse') {
      add('warehouse', action.warehouseId, `body.actions[${index}].warehouseId`);
    }
  });
  return [...found.values()];
}

export function unknownReferences(references: readonly Reference[]): ValidationFailed {
  const errors: FieldError[] = references.flatMap((reference) =>
    reference.paths.map((path) => ({ path, message: `no ${reference.kind} has this id` })),
  );
  const named = references.map((reference) => `${reference.kind} ${reference.id}`).join(', ');
  return new ValidationFailed(`The rule names what does not exist: ${named}.`, errors);
}

export async function refuseUnknownReferences(references: readonly Reference[]): Promise<void> {
  const exists = await Promise.all(
    references.map(async (reference) =>
      reference.kind === 'status'
        ? (await resolveStatus(reference.id)) !== undefined
        : (await findWarehouse(reference.id)) !== undefined,
    ),
  );
  const unknown = references.filter((_, index) => !exists[index]);
  if (unknown.length > 0) throw unknownReferences(unknown);
}

/** One check per reference (built-in statuses need none), with the reference it guards. */
export function referenceChecks(
  references: readonly Reference[],
): Array<{ reference: Reference; check: TransactItem }> {
  return references.flatMap((reference) => {
    const check =
      reference.kind === 'status' ? statusUsableCheck(reference.id) : warehouseExistsCheck(reference.id);
    return check ? [{ reference, check }] : [];
  });
}
