import { ColumnOptions, ValueTransformer } from 'typeorm';

/**
 * Column kinds that behave the same on SQLite and PostgreSQL.
 *
 * Timestamps are stored as BIGINT milliseconds since the epoch: both engines
 * keep them exactly (no time-zone or precision surprises), they sort and compare
 * as numbers, and one migration serves both engines. Byte sizes are BIGINT too.
 * PostgreSQL returns BIGINT as a string, hence the transformers.
 */

const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

const millisToDate: ValueTransformer = {
  to: (value: Date | null | undefined) => (value instanceof Date ? value.getTime() : value),
  from: (value: string | number | null) => (value === null || value === undefined ? value : new Date(Number(value))),
};

export function timestampColumn(options: Pick<ColumnOptions, 'nullable' | 'name'> = {}): ColumnOptions {
  return { type: 'bigint', transformer: millisToDate, ...options };
}

export function bytesColumn(options: Pick<ColumnOptions, 'nullable' | 'name' | 'default'> = {}): ColumnOptions {
  return { type: 'bigint', transformer: bigintToNumber, default: 0, ...options };
}
