/** What a preview maps products under: a template by id or inline, an inline mapping, or the channel's mappings. */
import { ValidationFailed } from '../../../shared/errors';
import { checkAttributeMappings } from '../attribute-checks';
import type { ChannelState } from '../channels';
import { checkCategories, requireChannel } from '../channels';
import type { CategoryMappingInput } from '../mappings/schemas';
import { checkedTemplate, requireTemplate } from '../templates/operations';
import type { TemplateInput } from '../templates/schemas';
import type { MappingSource } from './engine';

export interface PreviewSource {
  channel: ChannelState;
  source: MappingSource;
  described: { kind: 'template' | 'mapping' | 'channel'; templateId?: string; templateVersion?: number };
}

function sameChannel(given: string | undefined, channel: string, source: string): void {
  if (given !== undefined && given !== channel) {
    throw new ValidationFailed(`The ${source} is for ${channel}, not ${given}.`, [
      { path: 'body.channel', message: `the ${source} is for ${channel}` },
    ]);
  }
}

export async function previewSource(body: {
  channel?: string;
  templateId?: string;
  template?: TemplateInput;
  mapping?: CategoryMappingInput;
}): Promise<PreviewSource> {
  if (body.templateId) {
    const template = await requireTemplate(body.templateId);
    sameChannel(body.channel, template.channel, 'template');
    return {
      channel: await requireChannel(template.channel),
      source: { templateCategories: template.categories, templateAttributes: template.attributes },
      described: { kind: 'template', templateId: template.id, templateVersion: template.version },
    };
  }
  if (body.template) {
    const checked = await checkedTemplate(body.template, 'body.template');
    sameChannel(body.channel, checked.channel.channel, 'template');
    return {
      channel: checked.channel,
      source: {
        templateCategories: checked.fields.categories,
        templateAttributes: checked.fields.attributes,
      },
      described: { kind: 'template' },
    };
  }
  if (body.mapping) {
    const channel = await requireChannel(body.mapping.channel);
    sameChannel(body.channel, channel.channel, 'mapping');
    const [category] = await checkCategories(channel, [
      { reference: body.mapping.channelCategory, at: 'body.mapping.channelCategory' },
    ]);
    await checkAttributeMappings(
      channel,
      [category!.channelCategory],
      body.mapping.attributes,
      'body.mapping.attributes',
    );
    return {
      channel,
      source: {
        inlineMapping: {
          internalPath: body.mapping.internalPath,
          channelCategory: category!.channelCategory,
          attributes: body.mapping.attributes,
        },
      },
      described: { kind: 'mapping' },
    };
  }
  return { channel: await requireChannel(body.channel!), source: {}, described: { kind: 'channel' } };
}
