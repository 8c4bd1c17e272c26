import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { normalizeLabelColor } from '@bellows/domain';
import { Database, LabelChanges, LabelEntity, LabelHolder } from '@bellows/persistence-typeorm';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { CreateLabelOption, EditLabelOption } from './dto/label-options.dto';
import { ApiLabel, LabelUrlContext, toApiLabel } from './label-shapes';

/** A repository's or an organization's label set, as the caller addresses it. */
export interface LabelSet {
  holder: LabelHolder;
  /** For the labels' URLs: the owner's name, and the repository's for repository labels. */
  ownerName: string;
  repoName?: string;
}

/**
 * Creating, reading, changing and deleting the labels of one repository or one
 * organization. Who may do so is decided by the controllers; this service only
 * sees label sets the caller may use.
 */
@Injectable()
export class LabelCatalog {
  private readonly rootUrl: string;

  constructor(
    private readonly db: Database,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  async list(set: LabelSet, paging: PageRequest): Promise<PageOf<ApiLabel>> {
    const [labels, total] = await this.db.labels.list(set.holder, paging.offset, paging.limit);
    return new PageOf(labels.map((label) => this.shape(set, label)), total, paging);
  }

  async get(set: LabelSet, id: string): Promise<ApiLabel> {
    return this.shape(set, await this.find(set, id));
  }

  async create(set: LabelSet, option: CreateLabelOption): Promise<ApiLabel> {
    const label = await this.db.labels.create(set.holder, {
      name: option.name,
      color: colorOf(option.color),
      description: option.description ?? '',
      exclusive: option.exclusive ?? false,
      isArchived: option.is_archived ?? false,
    });
    return this.shape(set, label);
  }

  async edit(set: LabelSet, id: string, option: EditLabelOption): Promise<ApiLabel> {
    const label = await this.find(set, id);
    const changes: LabelChanges = {};
    if (option.name !== undefined) changes.name = option.name;
    if (option.color !== undefined) changes.color = colorOf(option.color);
    if (option.description !== undefined) changes.description = option.description;
    if (option.exclusive !== undefined) changes.exclusive = option.exclusive;
    if (option.is_archived !== undefined) changes.isArchived = option.is_archived;
    // By id, exactly the given fields: a label deleted meanwhile is a 404 and stays deleted.
    if (!(await this.db.labels.update(label.id, changes))) throw new NotFoundException(`label ${id} does not exist`);
    return this.shape(set, await this.find(set, id));
  }

  async delete(set: LabelSet, id: string): Promise<void> {
    await this.db.labels.delete((await this.find(set, id)).id);
  }

  private async find(set: LabelSet, rawId: string): Promise<LabelEntity> {
    const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : null;
    const label = id ? await this.db.labels.find(set.holder, id) : null;
    if (!label) throw new NotFoundException(`label ${rawId} does not exist`);
    return label;
  }

  private shape(set: LabelSet, label: LabelEntity): ApiLabel {
    const context: LabelUrlContext = { rootUrl: this.rootUrl, ownerName: set.ownerName, repoName: set.repoName };
    return toApiLabel(label, context);
  }
}

/** The stored colour; 422 naming the field when the text is not `#rrggbb` or `rrggbb`. */
function colorOf(text: string): string {
  const color = normalizeLabelColor(text);
  if (!color) throw new UnprocessableEntityException(`color must be six hexadecimal digits such as #00aabb, got ${JSON.stringify(text)}`);
  return color;
}
