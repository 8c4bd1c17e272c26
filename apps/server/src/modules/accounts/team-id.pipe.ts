import { NotFoundException, PipeTransform } from '@nestjs/common';

/** A team id from the path: anything but a whole number a database id can hold names no team, so 404. */
export class TeamIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFoundException(`team ${value} does not exist`);
    return id;
  }
}
