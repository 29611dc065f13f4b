import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { HStack, IconButton } from '@chakra-ui/react';
import { ChartIcon, EditIcon } from '../../components/icons.tsx';
import { toaster } from '../../components/toaster.ts';
import { toDataError } from '../../lib/dataError.ts';
import { bumpCodesVersionAtom } from './codesAtoms.ts';
import type { SavedCode } from './codeModel.ts';
import { updateCode } from './codesApi.ts';
import { DownloadCodeMenu } from './DownloadCodeMenu.tsx';

export function analyticsPath(code: Pick<SavedCode, 'id'>): string {
  return `/dashboard/analytics?code=${encodeURIComponent(code.id)}`;
}

/** Download, edit and analytics: the overview row's three icon buttons (and the start of the list row's). */
export function CodeIconActions({ code, onEdit }: { code: SavedCode; onEdit: (code: SavedCode) => void }) {
  return (
    <HStack gap="1">
      <DownloadCodeMenu code={code} />
      <IconButton aria-label={`Edit ${code.name}`} variant="ghost" size="sm" onClick={() => onEdit(code)}>
        <EditIcon />
      </IconButton>
      <IconButton asChild aria-label={`Analytics for ${code.name}`} variant="ghost" size="sm">
        <RouterLink to={analyticsPath(code)}>
          <ChartIcon />
        </RouterLink>
      </IconButton>
    </HStack>
  );
}

/** Pause or activate a dynamic code: a paused code's short URL answers 404 until activated again. */
export function useToggleStatus() {
  const bump = useSetAtom(bumpCodesVersionAtom);
  const [busyId, setBusyId] = useState<string | null>(null);
  const toggle = async (code: SavedCode) => {
    const status = code.status === 'active' ? 'paused' : 'active';
    setBusyId(code.id);
    try {
      await updateCode(code.id, { status }, code);
      toaster.create({
        title: status === 'paused' ? 'Paused' : 'Activated',
        description:
          status === 'paused'
            ? `Scans of “${code.name}” now show a “not found” page until you activate it.`
            : `“${code.name}” redirects again.`,
        type: 'success',
        closable: true,
      });
      bump();
    } catch (error) {
      const e = toDataError(error);
      toaster.create({ title: 'Could not change the status', description: e.message, type: 'error', closable: true });
    } finally {
      setBusyId(null);
    }
  };
  return { toggle, busyId };
}
