// The billing pages' routes (issue #18), children of the signed-in area (/{lang}/home/…): My Plan,
// Select Plan and the pay page, each in a lazy chunk of its own.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths, under } from '../../app/paths';

export function billingRoutes(): RouteObject[] {
  const home = paths.home.path;
  return [
    {
      path: under(home, paths.homeMyPlan.path),
      handle: titled('titles.myPlan'),
      lazy: async () => ({ Component: (await import('./components/my-plan-page')).MyPlanPage }),
    },
    {
      path: under(home, paths.homeSelectPlan.path),
      handle: titled('titles.selectPlan'),
      lazy: async () => ({ Component: (await import('./components/select-plan-page')).SelectPlanPage }),
    },
    {
      path: under(home, paths.homePayPlan.path),
      handle: titled('titles.payPlan'),
      lazy: async () => ({ Component: (await import('./components/pay-plan-page')).PayPlanPage }),
    },
  ];
}
