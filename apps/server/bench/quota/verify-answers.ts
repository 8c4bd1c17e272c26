import { BENCH_GROUP, BENCH_RULE_LIMITS, SeededOwner } from './seed-owners';

/**
 * Before timing anything, checks that the endpoints answer what the seeded data
 * implies: a bench of wrong answers measures nothing. The big owner stores far
 * more assets than the group's assets rule allows, the small owner far less.
 */
export async function verifyAnswers(apiUrl: string, big: SeededOwner, small: SeededOwner): Promise<void> {
  const bigInfo = await getJson(`${apiUrl}/user/quota`, big.token);
  const attachments = bigInfo?.used?.size?.assets?.attachments;
  if (!(attachments?.issues > 0 && attachments?.releases > 0 && bigInfo?.used?.size?.assets?.packages?.all > 0)) {
    throw new Error(`GET /user/quota for the big owner does not show its attachments and packages: ${JSON.stringify(bigInfo)}`);
  }
  // Owners do not see rule and group names (as in Forgejo), so the group is recognised by its limits.
  const limits = (bigInfo.groups ?? []).flatMap((group: { rules: { limit: number }[] }) => group.rules.map((rule) => rule.limit));
  if (bigInfo.groups?.length !== 1 || [...limits].sort().join() !== [...BENCH_RULE_LIMITS].sort().join()) {
    throw new Error(`the big owner is not in ${BENCH_GROUP} alone: ${JSON.stringify(bigInfo.groups)}`);
  }
  const expected: [SeededOwner, boolean][] = [
    [big, true],
    [small, false],
  ];
  for (const [owner, over] of expected) {
    const answer = await getJson(`${apiUrl}/user/quota/check?subject=size:all`, owner.token);
    if (answer !== over) throw new Error(`GET /user/quota/check for ${owner.name} answered ${JSON.stringify(answer)}, expected ${over}`);
  }
}

async function getJson(url: string, token: string): Promise<any> {
  const response = await fetch(url, { headers: { authorization: `token ${token}` } });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
