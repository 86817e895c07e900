import { describe, expect, it } from 'vitest';
import { splitTarget } from '../../functions/routing/app.ts';

describe('splitTarget', () => {
  it.each([
    ['/api/reviews/search?rating=5&limit=2', '/api/reviews/search', 'rating=5&limit=2'],
    ['/api/reviews/since/2024-01-01', '/api/reviews/since/2024-01-01', ''],
    ['/a?', '/a', ''],
    ['/a?b?c', '/a', 'b?c'],
    ['/a#frag?x', '/a', ''],
    ['/a?x=1#frag', '/a', 'x=1'],
    ['http://localhost:4321/api/reviews/search?query=panel', '/api/reviews/search', 'query=panel'],
    ['https://example.com', '/', ''],
    ['//[', '//[', ''],
    ['*', '/', ''],
  ])('%s → path %s, query %s', (target, path, query) => {
    expect(splitTarget(target)).toEqual({ path, query });
  });
});
