// The gallery as GET /api/templates lists it (issue #27 item 5): the catalogue's titles and roles with
// the page and field counts the generator wrote to ./manifest.ts, so listing opens no PDF.
import type { GalleryFormSummary } from '../../shared/api/schemas';
import { GALLERY } from './catalog';
import { GALLERY_MANIFEST } from './manifest';

export function galleryForms(): GalleryFormSummary[] {
  return GALLERY.map((g) => ({
    galleryId: g.id,
    title: g.title,
    language: g.language,
    form: g.form,
    roles: [...g.roles],
    fieldCount: GALLERY_MANIFEST[g.id]?.fieldCount ?? 0,
    pageCount: GALLERY_MANIFEST[g.id]?.pageCount ?? 0,
  }));
}
