import { SecretHolder } from './action-secret';
import { ActionVariable } from './action-variable';

/** Port: actions variables; names arrive upper-cased and checked (the server decides). */
export abstract class ActionVariableStore {
  /** Adds the holder's variable `name`; 'exists' (nothing written) when the holder has one by that name. */
  abstract create(holder: SecretHolder, name: string, data: string): Promise<'created' | 'exists'>;
  /**
   * Sets the value of the holder's variable `name` and renames it to `newName`
   * (the same name to keep it); 'missing' when there is no such variable,
   * 'name-taken' when another of the holder's variables is called `newName`.
   */
  abstract update(holder: SecretHolder, name: string, newName: string, data: string): Promise<'updated' | 'missing' | 'name-taken'>;
  /** False when the holder has no such variable. */
  abstract delete(holder: SecretHolder, name: string): Promise<boolean>;
  abstract find(holder: SecretHolder, name: string): Promise<ActionVariable | null>;
  /** One page of the holder's variables by name, and how many there are. */
  abstract list(holder: SecretHolder, skip: number, take: number): Promise<[ActionVariable[], number]>;
}
