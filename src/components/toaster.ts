import { createToaster } from '@chakra-ui/react';

/** The app-wide toaster; `toaster.create({ title, description, type })` from anywhere. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 3 });
