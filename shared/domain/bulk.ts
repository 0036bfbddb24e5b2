// Bulk send (issue #27 item 6): the CSV's limits and columns, read by the server (which checks) and
// the SPA (which offers a sample file and says what is refused).

/** Rows in one file; 10,000 must work (issue #27). */
export const BULK_MAX_ROWS = 10_000;
/** The file as text: 10,000 rows of two people and a few values fit (~100 characters a row), and even
 *  all-CJK text stays within Lambda's 6 MB request (3 bytes a character in UTF-8). */
export const BULK_CSV_MAX_CHARS = 1_800_000;
/** Refused rows listed in one answer (all are counted). */
export const BULK_MAX_ERRORS = 500;
/** The optional column naming each contract. */
export const BULK_TITLE_COLUMN = 'title';

/** A role's two columns: `<Role> name` and `<Role> contact` (e-mail or phone). */
export function roleColumns(role: string): [string, string] {
  return [`${role} name`, `${role} contact`];
}

/** The columns of a template's CSV: each role's two, the title, then each value field's label. */
export function bulkColumns(roles: readonly string[], valueLabels: readonly string[]): string[] {
  return [...roles.flatMap(roleColumns), BULK_TITLE_COLUMN, ...valueLabels];
}

/** Header cells compare trimmed and case-insensitively. */
export function columnKey(header: string): string {
  return header.trim().toLowerCase();
}
