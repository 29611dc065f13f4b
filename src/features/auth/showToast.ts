import { toaster } from '../../components/toaster.ts';
import type { ToastText } from './authMessages.ts';

export function showToast(text: ToastText, type: 'success' | 'error' | 'info') {
  toaster.create({ title: text.title, description: text.description, type, closable: true });
}
