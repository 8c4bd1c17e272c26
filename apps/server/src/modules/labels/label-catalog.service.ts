import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Label, LabelChanges, LabelHolder, LabelStore, normalizeLabelColor } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiLabel, CreateLabelOption, EditLabelOption, LabelUrlContext, toApiLabel } from './dto/label.dto';

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
    private readonly labels: LabelStore,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  async list(set: LabelSet, paging: PageRequest): Promise<PageOf<ApiLabel>> {
    const [labels, total] = await this.labels.list(set.holder, paging.offset, paging.limit);
    return new PageOf(
      labels.map((label) => this.shape(set, label)),
      total,
      paging,
    );
  }

  async get(set: LabelSet, id: number): Promise<ApiLabel> {
    return this.shape(set, await this.find(set, id));
  }

  async create(set: LabelSet, option: CreateLabelOption): Promise<ApiLabel> {
    const label = await this.labels.create(set.holder, {
      name: option.name,
      color: colorOf(option.color),
      description: option.description ?? '',
      exclusive: option.exclusive ?? false,
      isArchived: option.is_archived ?? false,
    });
    return this.shape(set, label);
  }

  async edit(set: LabelSet, id: number, option: EditLabelOption): Promise<ApiLabel> {
    const label = await this.find(set, id);
    const changes: LabelChanges = {};
    if (option.name !== undefined) changes.name = option.name;
    if (option.color !== undefined) changes.color = colorOf(option.color);
    if (option.description !== undefined) changes.description = option.description;
    if (option.exclusive !== undefined) changes.exclusive = option.exclusive;
    if (option.is_archived !== undefined) changes.isArchived = option.is_archived;
    // By id, exactly the given fields: a label deleted meanwhile is a 404 and stays deleted.
    if (!(await this.labels.update(label.id, changes))) throw new NotFoundException(`label ${id} does not exist`);
    return this.shape(set, await this.find(set, id));
  }

  async delete(set: LabelSet, id: number): Promise<void> {
    await this.labels.delete((await this.find(set, id)).id);
  }

  private async find(set: LabelSet, id: number): Promise<Label> {
    const label = await this.labels.find(set.holder, id);
    if (!label) throw new NotFoundException(`label ${id} does not exist`);
    return label;
  }

  private shape(set: LabelSet, label: Label): ApiLabel {
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
