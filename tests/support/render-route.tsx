import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";
import { serverCatalog } from "#app/lib/i18n.server";
import { TranslationsProvider } from "#app/lib/translations";
import { getRequest, testContext } from "#tests/factories/route-calls";

// Renders route modules to HTML on the server, through React Router's static handler: the same
// loader → component path a visitor's request takes, so what is asserted is the HTML itself.

export interface RouteModule {
  loader: (args: never) => unknown;
  default: (props: never) => React.ReactNode;
}

/** Gives a route component its loaderData prop the way the framework does. */
function Page({ module }: { module: RouteModule }) {
  const loaderData = useLoaderData();
  const actionData = useActionData();
  const Component = module.default as (props: Record<string, unknown>) => React.ReactNode;
  return <Component loaderData={loaderData} actionData={actionData} params={{}} matches={[]} />;
}

export async function renderRoute(module: RouteModule, pattern: string, path: string, cookie?: string) {
  const handler = createStaticHandler([
    {
      id: "page",
      path: pattern,
      loader: (args) => (module.loader as (a: object) => unknown)({ ...args, context: testContext() }),
      element: <Page module={module} />,
      errorElement: <></>,
    },
  ]);
  const request = getRequest(path, cookie);
  const context = await handler.query(request);
  if (context instanceof Response) return { status: context.status, html: "" };
  const router = createStaticRouter(handler.dataRoutes, context);
  const catalog = serverCatalog(path.startsWith("/es") ? "es" : "en");
  const html = renderToString(
    <TranslationsProvider value={catalog}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </TranslationsProvider>,
  );
  return { status: context.statusCode, html, context };
}
