// The web client's x-api-key (PUBLIC_WEB_API_KEY, build time): public by design, since the website is a
// public OAuth2 client (api/auth/README.md). Its own module, so page scripts send it without the API client.
export const WEB_API_KEY: string = import.meta.env.PUBLIC_WEB_API_KEY ?? 'dev-only-web-api-key';
