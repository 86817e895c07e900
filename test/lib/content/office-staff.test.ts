import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonContent } from '../../../src/content/content-files.ts';
import { BusinessFileSchema } from '../../../src/schemas/business.ts';
import { ACME } from '../../support/business.ts';

describe("business.json's office_staff", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
  const read = async (business: unknown) => {
    const dir = await mkdtemp(join(tmpdir(), 'office-staff-'));
    dirs.push(dir);
    await writeFile(join(dir, 'business.json'), JSON.stringify(business));
    return readJsonContent(join(dir, 'business.json'), BusinessFileSchema);
  };

  it('is optional: a business.json without it reads as no staff', async () => {
    const { office_staff: _none, ...without } = ACME;
    const result = await read(without);
    expect(result.ok && result.value.office_staff).toEqual([]);
  });

  it('names each bad entry by its field: an empty name, a misspelt key', async () => {
    const result = await read({ ...ACME, office_staff: [{ name: '' }, { name: 'Dee Carter', nickname: 'Dee' }] });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'office_staff.0.name', message: 'Too small: expected string to have >=1 characters' },
      { field: 'office_staff.1.nickname', message: 'is not a field this file may have (misspelt? remove or rename it)' },
    ]);
  });
});
