/**
 * The product's name (`{product}` of the spec): PRODUCT_NAME at build time, written into index.html's
 * `application-name` meta tag by vite.config.ts; 'Oktatói Portál' by default.
 */
export function productName(): string {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content
  return fromPage && !fromPage.includes('%') ? fromPage : 'Oktatói Portál'
}
