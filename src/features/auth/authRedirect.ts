/** Where mailed links send the browser back to: /auth, which finishes each flow (AuthPanel). */
export const authLandingUrl = (): string => `${window.location.origin}/auth`;
