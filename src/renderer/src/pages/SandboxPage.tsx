/**
 * API sandbox: swagger-ui-react over /v1/openapi.json, pre-authorised with this window's key, so every /v1 endpoint
 * can be tried with real requests. Loaded on demand (it is large); the rest of the app does not pay for it.
 */
import SwaggerUI, { type SwaggerSystem } from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import '../styles/sandbox.css';
import { useEffect, useMemo, useRef } from 'react';
import { apiBase, currentApiKey } from '../api.ts';
import { ErrorMessage, Loading } from '../components/States.tsx';
import { useApiQuery } from '../lib/queries.ts';
import { useTitle } from '../lib/title.ts';
import { maskKey } from './SettingsPage.tsx';

export default function SandboxPage() {
  useTitle('API sandbox');
  const doc = useApiQuery('openapi', {});
  // requests go to the server this page talks to, whatever port it runs on
  const spec = useMemo(
    () =>
      doc.data
        ? { ...doc.data, servers: [{ url: apiBase.replace(/\/$/, ''), description: 'this Materia server' }] }
        : null,
    [doc.data],
  );
  const wrap = useRef<HTMLDivElement>(null);
  useSandboxTidying(wrap, !!spec);
  const authorise = (system: SwaggerSystem) => {
    const key = currentApiKey();
    if (key) system.preauthorizeApiKey('ApiKeyHeader', key);
  };
  return (
    <div className="page sandbox">
      <header className="page-header">
        <h1>API sandbox</h1>
        <p className="lede">
          Every <code>/v1</code> endpoint, from the server's own OpenAPI document. Requests are real and use this
          window's key (already authorised); open an operation, choose <em>Try it out</em>, then <em>Execute</em>. That
          key has no admin scope, so admin routes answer 403 with it: to try them, choose <em>Authorize</em> and enter
          the admin key (the sandbox keeps it until you leave this screen).
        </p>
      </header>
      {doc.isPending && <Loading label="Loading the API reference…" />}
      {doc.isError && <ErrorMessage error={doc.error} onRetry={() => void doc.refetch()} />}
      {spec && (
        <div className="swagger-wrap" ref={wrap}>
          <SwaggerUI
            spec={spec}
            onComplete={authorise}
            docExpansion="list"
            defaultModelsExpandDepth={-1}
            displayRequestDuration
            persistAuthorization={false}
            deepLinking={false}
            queryConfigEnabled={false}
          />
        </div>
      )}
    </div>
  );
}

/**
 * swagger-ui's own markup, tidied as it renders: the key is shown masked as in Settings (the curl example and request
 * headers of an executed call; the request itself used the real key), and selects it leaves unnamed get a name.
 */
function useSandboxTidying(ref: React.RefObject<HTMLDivElement | null>, ready: boolean) {
  useEffect(() => {
    const root = ref.current;
    const key = currentApiKey();
    if (!root) return;
    const tidy = () => {
      if (key) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.nodeValue?.includes(key)) n.nodeValue = n.nodeValue.split(key).join(maskKey(key));
        }
        for (const input of root.querySelectorAll<HTMLInputElement>('input')) {
          if (input.value === key) input.type = 'password';
        }
      }
      for (const select of root.querySelectorAll<HTMLSelectElement>('select:not([aria-label])')) {
        // An id is no name: swagger-ui's #servers sits in a <label for> whose only text is the options'.
        const near = select.closest(
          'label, .servers, .response-control-media-type, .content-type-wrapper, .body-param-content-type, td',
        );
        const text = near
          ?.querySelector('.servers-title, .response-control-media-type__title, label')
          ?.textContent?.trim();
        select.setAttribute(
          'aria-label',
          text ||
            (select.closest('.servers')
              ? 'Server'
              : select.closest('.responses-wrapper')
                ? 'Response content type'
                : 'Request content type'),
        );
      }
    };
    tidy();
    const observer = new MutationObserver(tidy);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [ref, ready]); // the wrapper exists once the OpenAPI document is in
}
