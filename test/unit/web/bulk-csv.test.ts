// Bulk send's browser side of the CSV (web/src/features/templates/bulk-csv.ts): the template's columns
// in bulkColumns' order, a sample file whose header is those columns, cells quoted only when needed, and
// a chosen file read as text with its limit said before anything is sent.
import { BULK_CSV_MAX_CHARS } from '../../../shared/domain/bulk';
import {
  csvCell,
  readCsvFile,
  sampleCsv,
  templateColumns,
  valueLabels,
} from '../../../web/src/features/templates/bulk-csv';

type Fields = Parameters<typeof valueLabels>[0]['fields'];
const field = (type: Fields[number]['type'], label?: string, roleIndex = 0) =>
  ({
    type,
    roleIndex,
    required: false,
    pageIndex: 0,
    x: 0,
    y: 0,
    width: 10,
    height: 10,
    label,
  }) as Fields[number];

const view = {
  title: 'Lease, 2027',
  roles: ['Buyer', 'Seller'],
  fields: [
    field('signature', 'Sign here'),
    field('text', 'Address'),
    field('number', 'Rent', 1),
    field('text', 'Address', 1),
    field('text'),
    field('strikethrough', 'Strike'),
    field('checkbox', 'Pets'),
  ],
};

describe('bulk send CSV in the browser', () => {
  test('value fields with a label, once each, in order; signs and unlabelled fields are not columns', () => {
    expect(valueLabels(view)).toEqual(['Address', 'Rent', 'Strike', 'Pets']);
  });

  test('columns: each role name and contact, the title, then the labels', () => {
    expect(templateColumns(view)).toEqual([
      'Buyer name',
      'Buyer contact',
      'Seller name',
      'Seller contact',
      'title',
      'Address',
      'Rent',
      'Strike',
      'Pets',
    ]);
  });

  test('cells are quoted only when they must be', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  test('the sample has the header and one example row of as many cells', () => {
    const lines = sampleCsv(view).split('\r\n');
    expect(lines[0]).toBe(
      'Buyer name,Buyer contact,Seller name,Seller contact,title,Address,Rent,Strike,Pets',
    );
    expect(lines[1]).toBe('Buyer 1,person1@example.com,Seller 2,person2@example.com,"Lease, 2027",,,,');
    expect(lines[2]).toBe('');
  });

  test('a file is read as text without its BOM; too long or empty is refused before sending', async () => {
    await expect(readCsvFile(new Blob(['\ufeffa,b\n1,2\n']))).resolves.toEqual({
      ok: true,
      text: 'a,b\n1,2\n',
    });
    await expect(readCsvFile(new Blob(['x'.repeat(BULK_CSV_MAX_CHARS + 1)]))).resolves.toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    await expect(readCsvFile(new Blob(['x'.repeat(BULK_CSV_MAX_CHARS)]))).resolves.toMatchObject({
      ok: true,
    });
    await expect(readCsvFile(new Blob([]))).resolves.toEqual({ ok: false, reason: 'empty' });
  });
});
