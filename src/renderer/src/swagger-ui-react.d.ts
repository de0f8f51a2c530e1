/** The parts of swagger-ui-react's API the sandbox uses (the package ships no types). */
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export interface SwaggerSystem {
    preauthorizeApiKey(schemeName: string, value: string): void;
  }
  export interface SwaggerRequest {
    url: string;
    headers: Record<string, string>;
  }
  export interface SwaggerUIProps {
    spec?: object | string;
    url?: string;
    onComplete?: (system: SwaggerSystem) => void;
    requestInterceptor?: (req: SwaggerRequest) => SwaggerRequest | Promise<SwaggerRequest>;
    docExpansion?: 'list' | 'full' | 'none';
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    deepLinking?: boolean;
    displayRequestDuration?: boolean;
    defaultModelsExpandDepth?: number;
    filter?: boolean | string;
    queryConfigEnabled?: boolean;
  }
  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}

declare module 'swagger-ui-react/swagger-ui.css';
