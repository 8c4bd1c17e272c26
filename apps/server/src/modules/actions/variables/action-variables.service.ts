import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ActionVariableStore, SecretHolder } from '@bellows/domain';
import { PageOf } from '../../../http/page-of';
import { PageRequest } from '../../../http/pagination';
import { ApiActionVariable, toApiActionVariable, UpdateVariableOption } from './dto/variable.dto';
import { normalizeVariableName } from './variable-name';

/** Forgejo's limit on a variable's value, in characters. */
export const MAX_VARIABLE_DATA = 65536;

/**
 * Actions variables of any holder (held like secrets, see SecretHolder), with
 * plain values. Callers check who may manage the holder first. Names in paths
 * are looked up upper-cased; as in Forgejo, reading or updating a name it
 * would refuse is a plain 404, deleting one a 400.
 */
@Injectable()
export class ActionVariablesService {
  constructor(private readonly variables: ActionVariableStore) {}

  async create(holder: SecretHolder, rawName: string, value: string): Promise<void> {
    const name = normalizeVariableName(rawName);
    if ((await this.variables.create(holder, name, checkedData(value))) === 'exists') {
      throw new ConflictException(`variable ${name} already exists`);
    }
  }

  async update(holder: SecretHolder, rawName: string, body: UpdateVariableOption): Promise<void> {
    const name = rawName.toUpperCase();
    const newName = body.name ? normalizeVariableName(body.name, 'name') : name;
    const outcome = await this.variables.update(holder, name, newName, checkedData(body.value));
    if (outcome === 'missing') throw new NotFoundException(`variable ${name} does not exist`);
    if (outcome === 'name-taken') throw new ConflictException(`variable ${newName} already exists`);
  }

  async delete(holder: SecretHolder, rawName: string): Promise<void> {
    const name = normalizeVariableName(rawName);
    if (!(await this.variables.delete(holder, name))) throw new NotFoundException(`variable ${name} does not exist`);
  }

  async get(holder: SecretHolder, rawName: string): Promise<ApiActionVariable> {
    const name = rawName.toUpperCase();
    const variable = await this.variables.find(holder, name);
    if (!variable) throw new NotFoundException(`variable ${name} does not exist`);
    return toApiActionVariable(variable);
  }

  async list(holder: SecretHolder, paging: PageRequest): Promise<PageOf<ApiActionVariable>> {
    const [rows, total] = await this.variables.list(holder, paging.offset, paging.limit);
    return new PageOf(rows.map(toApiActionVariable), total, paging);
  }
}

/**
 * The value as Forgejo stores it: CRLF line endings turned into LF (what a
 * browser's textarea sends), then at most MAX_VARIABLE_DATA characters
 * (code points, not UTF-16 units).
 */
function checkedData(value: string): string {
  const data = value.replace(/\r\n/g, '\n');
  if (data.length > MAX_VARIABLE_DATA && [...data].length > MAX_VARIABLE_DATA) {
    throw new BadRequestException(`value: at most ${MAX_VARIABLE_DATA} characters`);
  }
  return data;
}
