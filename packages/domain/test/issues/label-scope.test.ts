import {
  addLabels,
  assertNoExclusiveConflict,
  ExclusiveLabelConflictError,
  exclusiveScope,
  labelScope,
  normalizeLabelColor,
  replaceLabels,
  ScopableLabel,
} from '../../src/issues';

let nextId = 1;
const label = (name: string, exclusive = true): ScopableLabel => ({ id: nextId++, name, exclusive });
const names = (labels: readonly ScopableLabel[]) => labels.map((l) => l.name);

describe('label scope', () => {
  it.each([
    ['priority/high', 'priority'],
    ['area/ui/forms', 'area/ui'],
    ['bug', null],
    ['/high', null],
    ['priority/', null],
  ])('of %s is %s', (name, scope) => {
    expect(labelScope(name)).toBe(scope);
  });

  it('makes a label exclusive only when it says so and has a scope', () => {
    expect(exclusiveScope(label('priority/high'))).toBe('priority');
    expect(exclusiveScope(label('priority/high', false))).toBeNull();
    expect(exclusiveScope(label('bug'))).toBeNull();
  });
});

describe('conflicts among requested labels', () => {
  it('refuses two exclusive labels of one scope, naming both', () => {
    const error = captureError(() => assertNoExclusiveConflict([label('priority/high'), label('bug'), label('priority/low')]));
    expect(error).toBeInstanceOf(ExclusiveLabelConflictError);
    expect(error.message).toContain('"priority/high"');
    expect(error.message).toContain('"priority/low"');
    expect((error as ExclusiveLabelConflictError).scope).toBe('priority');
  });

  it('accepts labels of one scope when at most one of them is exclusive', () => {
    expect(() => assertNoExclusiveConflict([label('priority/high'), label('priority/low', false)])).not.toThrow();
  });

  it('accepts exclusive labels of different scopes and the same label twice', () => {
    const high = label('priority/high');
    expect(() => assertNoExclusiveConflict([high, label('kind/bug'), high])).not.toThrow();
  });

  it('keeps scopes apart by the last slash', () => {
    expect(() => assertNoExclusiveConflict([label('area/ui/forms'), label('area/db')])).not.toThrow();
  });
});

describe('adding labels', () => {
  it("replaces the issue's exclusive label of the same scope", () => {
    const high = label('priority/high');
    const bug = label('bug', false);
    const low = label('priority/low');
    const change = addLabels([high, bug], [low]);
    expect(names(change.labels)).toEqual(['bug', 'priority/low']);
    expect(names(change.removed)).toEqual(['priority/high']);
    expect(names(change.added)).toEqual(['priority/low']);
  });

  it('keeps a non-exclusive label of the same scope', () => {
    const loose = label('priority/someday', false);
    expect(names(addLabels([loose], [label('priority/low')]).labels)).toEqual(['priority/someday', 'priority/low']);
  });

  it('adds nothing twice and removes nothing when the label is already there', () => {
    const high = label('priority/high');
    const change = addLabels([high], [high]);
    expect(change).toEqual({ labels: [high], added: [], removed: [] });
  });

  it('refuses a request holding two exclusive labels of one scope', () => {
    expect(() => addLabels([], [label('priority/high'), label('priority/low')])).toThrow(ExclusiveLabelConflictError);
  });
});

describe('replacing labels', () => {
  it("makes the request the issue's labels", () => {
    const bug = label('bug', false);
    const high = label('priority/high');
    const feature = label('feature', false);
    const change = replaceLabels([bug, high], [high, feature]);
    expect(names(change.labels)).toEqual(['priority/high', 'feature']);
    expect(names(change.added)).toEqual(['feature']);
    expect(names(change.removed)).toEqual(['bug']);
  });

  it('refuses two exclusive labels of one scope', () => {
    expect(() => replaceLabels([], [label('priority/high'), label('priority/low')])).toThrow(ExclusiveLabelConflictError);
  });
});

describe('label colour', () => {
  it.each([
    ['#00aabb', '#00aabb'],
    ['00AABB', '#00aabb'],
    [' #A1b2C3 ', '#a1b2c3'],
  ])('stores %s as %s', (text, stored) => {
    expect(normalizeLabelColor(text)).toBe(stored);
  });

  it.each(['red', '#abc', '#00aabbcc', '', '##00aabb', '#00aabg'])('refuses %p', (text) => {
    expect(normalizeLabelColor(text)).toBeNull();
  });
});

function captureError(work: () => void): Error {
  try {
    work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}
