import { ActionSecret, SecretHolder } from './action-secret';

/** Port: actions secrets; values arrive sealed, names upper-cased (the server decides both). */
export abstract class ActionSecretStore {
  /** Creates or replaces the holder's secret `name`; answers whether it was created. Call inside a transaction. */
  abstract put(holder: SecretHolder, name: string, sealedData: string): Promise<'created' | 'updated'>;
  /** False when the holder has no such secret. */
  abstract delete(holder: SecretHolder, name: string): Promise<boolean>;
  /** One page of the holder's secrets by name, and how many there are. */
  abstract list(holder: SecretHolder, skip: number, take: number): Promise<[ActionSecret[], number]>;
}
