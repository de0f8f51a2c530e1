/**
 * API sandbox: swagger-ui-react over /v1/openapi.json, pre-authorised with this window's key, so every /v1 endpoint
 * can be tried with real requests. Loaded on demand (it is large); the rest of the app does not pay for it.
 */
import SwaggerUI, { type SwaggerSystem } from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { useMemo } from 'react';
import { apiBase, currentApiKey } from '../api.ts';
import { ErrorMessage, Loading } from '../components/States.tsx';
import { useApiQuery } from '../lib/queries.ts';
import { useTitle } from '../lib/title.ts';

export default function SandboxPage() {
  useTitle('API sandbox');
  const doc = useApiQuery('openapi', {});
  // requests go to the server this page talks to, whatever port it runs on
  const spec = useMemo(() => (doc.data ? { ...doc.data, servers: [{ url: apiBase.replace(/\/$/, ''), description: 'this Materia server' }] } : null), [doc.data]);
  const authorise = (system: SwaggerSystem) => {
    const key = currentApiKey();
    if (key) system.preauthorizeApiKey('ApiKeyHeader', key);
  };
  return (
    <div className="page sandbox">
      <header className="page-header">
        <h1>API sandbox</h1>
        <p className="lede">
          Every <code>/v1</code> endpoint, from the server's own OpenAPI document. Requests are real and use this window's key
          (already authorised); open an operation, choose <em>Try it out</em>, then <em>Execute</em>.
        </p>
      </header>
      {doc.isPending && <Loading label="Loading the API reference…" />}
      {doc.isError && <ErrorMessage error={doc.error} onRetry={() => void doc.refetch()} />}
      {spec && (
        <div className="swagger-wrap">
          <SwaggerUI spec={spec} onComplete={authorise} docExpansion="list" defaultModelsExpandDepth={-1} displayRequestDuration persistAuthorization={false} deepLinking={false} queryConfigEnabled={false} />
        </div>
      )}
    </div>
  );
}
