// The runtime-neutral redirect handler lives with the edge function so that `supabase functions deploy`
// bundles it; the local server uses the very same module.
export * from '../../supabase/functions/_shared/redirect.ts';
