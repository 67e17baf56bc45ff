/**
 * UpdateItem `SET a = :a, ... REMOVE b` for a set of fields: undefined fields are removed. Updates (not
 * Puts) keep the attributes other writers own on the same item, such as the ledger's stock counters.
 */
export interface UpdateParts {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

export function setFields(fields: Record<string, unknown>): UpdateParts {
  const sets: string[] = [];
  const removes: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    names[`#${field}`] = field;
    if (value === undefined) {
      removes.push(`#${field}`);
    } else {
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
  }
  const expression = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { UpdateExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}
