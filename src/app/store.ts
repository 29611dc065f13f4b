import { createStore } from 'jotai';

/** The app's single jotai store; features that start work outside React (auth listener) use it too. */
export const appStore = createStore();
