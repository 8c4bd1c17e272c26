import { Owner, Repository } from '@bellows/domain';
import { API_PREFIX } from '../../http/routes';

/**
 * The links a repository's answers carry (`url` to the API, `html_url` to the
 * web page Forgejo would show), built in one place from ROOT_URL.
 */
export class RepoUrls {
  /** `{ROOT_URL}api/v1/repos/{owner}/{repo}` */
  readonly api: string;
  /** `{ROOT_URL}{owner}/{repo}` */
  readonly html: string;

  constructor(rootUrl: string, owner: Owner, repo: Repository) {
    const slug = `${encodeURIComponent(owner.name)}/${encodeURIComponent(repo.name)}`;
    this.api = `${rootUrl}${API_PREFIX}/repos/${slug}`;
    this.html = `${rootUrl}${slug}`;
  }

  commitApi(sha: string): string {
    return `${this.api}/git/commits/${sha}`;
  }

  commitHtml(sha: string): string {
    return `${this.html}/commit/${sha}`;
  }

  treeApi(sha: string): string {
    return `${this.api}/git/trees/${sha}`;
  }

  blobApi(sha: string): string {
    return `${this.api}/git/blobs/${sha}`;
  }

  contentsApi(filePath: string, ref: string): string {
    return `${this.api}/contents/${encodePath(filePath)}?ref=${encodeURIComponent(ref)}`;
  }

  /** The web page of a file or directory on a branch (or at a commit). */
  srcHtml(filePath: string, ref: string): string {
    return `${this.html}/src/branch/${encodePath(ref)}/${encodePath(filePath)}`;
  }

  rawHtml(filePath: string, ref: string): string {
    return `${this.html}/raw/branch/${encodePath(ref)}/${encodePath(filePath)}`;
  }
}

/** Each segment of a slash-separated path percent-encoded, the slashes kept. */
export function encodePath(filePath: string): string {
  return filePath.split('/').map(encodeURIComponent).join('/');
}
