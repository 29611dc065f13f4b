// The runtime-neutral redirect handler is the shared core's; the Edge Function `r` mounts the very same module.
export * from '../../src/shared/handlers/redirect.ts';
