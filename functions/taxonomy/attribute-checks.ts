/**
 * 400 when an attribute mapping can never fit the channel attribute it targets, under each channel
 * category it will be applied in (a mapping's one category, or each of a template's). The channel's
 * definitions are read once.
 */
import { ValidationFailed } from '../../shared/errors';
import { definitionsOfChannel } from './attributes/repository';
import type { ChannelState } from './channels';
import { mappingProblems } from './rules/attribute-rules';
import type { ScopedAttribute } from './rules/listing';
import { attributesFor } from './rules/listing';
import type { AttributeMapping, ChannelCategory } from './schemas';

export async function checkAttributeMappings(
  channel: ChannelState,
  categories: readonly ChannelCategory[],
  mappings: readonly AttributeMapping[],
  at: string,
): Promise<void> {
  if (mappings.length === 0) return;
  const definitions: ScopedAttribute[] = (await definitionsOfChannel(channel.channel)).map((definition) => ({
    ...definition,
    scope: definition.scope?.path,
  }));
  // Without a category (a template of attribute mappings only), the attributes of every category apply.
  const applying =
    categories.length > 0
      ? categories.map((category) => attributesFor(definitions, category.path))
      : [definitions.filter((definition) => definition.scope === undefined)];
  const errors = new Map<string, { path: string; message: string }>();
  for (const attributes of applying) {
    const byName = new Map(
      attributes.map((definition) => [definition.name.toLocaleLowerCase('en'), definition]),
    );
    mappings.forEach((mapping, index) => {
      for (const problem of mappingProblems(mapping, byName.get(mapping.target.toLocaleLowerCase('en')))) {
        const path = `${at}[${index}].${problem.path}`;
        const message = `${mapping.target}: ${problem.message}`;
        errors.set(`${path}\u0000${message}`, { path, message });
      }
    });
  }
  if (errors.size > 0) {
    const list = [...errors.values()];
    throw new ValidationFailed(
      list.length === 1 ? `${list[0]!.path}: ${list[0]!.message}` : 'Some attribute mappings cannot apply.',
      list,
    );
  }
}
