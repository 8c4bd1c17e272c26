/** The path of a version in the generic registry: `api/packages/{owner}/generic/{name}/{version}`. */
export interface GenericVersionParams {
  owner: string;
  name: string;
  version: string;
}

/** The path of a file in the generic registry: `…/{name}/{version}/{file}`. */
export interface GenericFileParams extends GenericVersionParams {
  file: string;
}
