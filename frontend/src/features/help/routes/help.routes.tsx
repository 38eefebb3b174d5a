import { Navigate, type RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';
import { RedirectTo } from '../../../ui/redirect-to.tsx';

/** /help/* (spec 000 §2): /help goes to /help/FAQ; tabs FAQ, user guide, contact us. */
export const helpRoute: RouteObject = {
  path: routePattern(orgPaths.help),
  lazy: async () => ({ Component: (await import('./help-layout.route.tsx')).HelpLayoutRoute }),
  children: [
    { index: true, element: <Navigate to={routePattern(orgPaths.helpFaq, orgPaths.help)} replace /> },
    {
      path: routePattern(orgPaths.helpFaq, orgPaths.help),
      lazy: async () => ({ Component: (await import('./faq.route.tsx')).FaqRoute }),
    },
    {
      path: routePattern(orgPaths.helpUserGuide, orgPaths.help),
      lazy: async () => ({ Component: (await import('./user-guide.route.tsx')).UserGuideRoute }),
    },
    {
      path: routePattern(orgPaths.helpContactUs, orgPaths.help),
      lazy: async () => ({ Component: (await import('./contact-us.route.tsx')).ContactUsRoute }),
      children: [
        {
          path: routePattern(orgPaths.helpContactUsCreate, orgPaths.helpContactUs),
          lazy: async () => ({ Component: (await import('./contact-support.route.tsx')).ContactSupportRoute }),
        },
      ],
    },
    // An absolute target: a relative one from `/help/bogus` resolved under itself and looped forever.
    { path: '*', element: <RedirectTo route={orgPaths.helpFaq} /> },
  ],
};
