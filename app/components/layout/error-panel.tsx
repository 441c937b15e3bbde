import { lazy, Suspense } from "react";

// Most pages never show an error, so the browser fetches the panel's code only on a page that
// does. The server renders it in place (its import resolves before the page is sent, as the review
// forms' do), so the page reads the same without JavaScript; a browser hydrating that page keeps
// the server's HTML until the code has arrived.
const Content = lazy(() => import("./error-panel-content"));

/** Spec §8: "Something went wrong" with the message or "An unexpected error occurred", and Try Again. */
export function ErrorPanel({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <Content error={error} />
    </Suspense>
  );
}
