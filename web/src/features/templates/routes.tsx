// The templates pages' routes (issue #27), children of the signed-in area (/{lang}/home/…): the list,
// Use template, Edit template and Bulk send, each in a lazy chunk of its own.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths, under } from '../../app/paths';

export function templatesRoutes(): RouteObject[] {
  const home = paths.home.path;
  return [
    {
      path: under(home, paths.homeTemplates.path),
      handle: titled('templatesPage.title'),
      lazy: async () => ({ Component: (await import('./components/templates-page')).TemplatesPage }),
    },
    {
      path: under(home, paths.homeTemplateUse.path),
      handle: titled('templatesPage.title'),
      lazy: async () => ({ Component: (await import('./components/use-template-page')).UseTemplatePage }),
    },
    {
      path: under(home, paths.homeTemplateEdit.path),
      handle: titled('templatesPage.editTitle'),
      lazy: async () => ({ Component: (await import('./components/template-edit-page')).TemplateEditPage }),
    },
    {
      path: under(home, paths.homeTemplateBulk.path),
      handle: titled('bulkPage.title'),
      lazy: async () => ({ Component: (await import('./components/bulk-send-page')).BulkSendPage }),
    },
  ];
}
