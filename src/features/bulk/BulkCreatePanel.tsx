import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { QrDesign } from '../../qr-ui/index.ts';
import { isSignedInAtom } from '../auth/authStateAtom.ts';
import { DesignTabs } from '../generator/DesignTabs.tsx';
import { bulkGenerator } from './bulkAtoms.ts';
import { bulkItems, type BulkItem } from './bulkItems.ts';
import { BulkProgress } from './BulkProgress.tsx';
import { FormatPicker } from './FormatPicker.tsx';
import type { BulkFormat } from './outputFormats.ts';
import { RowReport } from './RowReport.tsx';
import type { CheckedRow } from './rowCheck.ts';
import { RowsInput } from './RowsInput.tsx';
import { SaveBatchPanel } from './SaveBatchPanel.tsx';
import type { SavedBatch } from './saveBatch.ts';
import { useBulkRun } from './useBulkRun.ts';
import { useRowCheck } from './useRowCheck.ts';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Card.Root size="sm" variant="outline" bg="white">
      <Card.Header>
        <Heading as="h2" size="md">
          {n}. {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * The last step owns the run: its progress redraws only this step, never the design tabs or the row table.
 */
const ZipStep = memo(function ZipStep({
  n,
  count,
  blocked,
  items,
}: {
  n: number;
  count: number;
  blocked: boolean;
  items: () => BulkItem[];
}) {
  const logo = useAtomValue(bulkGenerator.logoAtom);
  const { state: run, start, cancel } = useBulkRun();
  const [formats, setFormats] = useState<BulkFormat[]>(['png', 'svg']);
  const running = run.status === 'running';
  const createZip = () => {
    if (blocked) return;
    void start({ items, total: count, formats, logo: logo ? { id: logo.id, file: logo.file } : null });
  };
  return (
    <Step n={n} title="Download the ZIP">
      <FormatPicker value={formats} onChange={setFormats} />
      <Text fontSize="sm" color="gray.700">
        One file per row and format, named after the name column, plus manifest.csv listing every row and its files.
      </Text>
      <Button colorPalette="brand" alignSelf="start" disabled={blocked || running} onClick={createZip}>
        {count > 0 ? `Create ZIP of ${count.toLocaleString('en-US')} codes` : 'Create ZIP'}
      </Button>
      <BulkProgress state={run} onCancel={cancel} />
    </Step>
  );
});

/**
 * Whether two designs are the same. By value: the generator's stored draft is read once the page is on screen,
 * which makes a new design object with the same values, and rows checked before that (a file chosen while the
 * page hydrated) are not stale.
 */
function sameDesign(a: QrDesign, b: QrDesign): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** /create/bulk: design, rows (checked before any work), optional save, then the ZIP with progress and Cancel. */
export function BulkCreatePanel() {
  const design = useAtomValue(bulkGenerator.designAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const { state: check, check: checkRows, recheck } = useRowCheck();
  // Both belong to the rows they were chosen for: a new file or check starts over, with no skip and nothing saved.
  const [skipFor, setSkipFor] = useState<CheckedRow[] | null>(null);
  const [savedFor, setSavedFor] = useState<{ rows: CheckedRow[]; batch: SavedBatch } | null>(null);
  const checkedRows = check.status === 'checked' ? check.rows : null;
  const skipBad = checkedRows !== null && skipFor === checkedRows;
  const setSkipBad = (skip: boolean) => setSkipFor(skip ? checkedRows : null);
  const saved = checkedRows !== null && savedFor?.rows === checkedRows ? savedFor.batch : null;
  const setSaved = (batch: SavedBatch) => checkedRows && setSavedFor({ rows: checkedRows, batch });

  const stale = check.status === 'checked' && !sameDesign(check.design, design);
  const good = useMemo(() => (checkedRows ? checkedRows.filter((r) => r.problems.length === 0) : []), [checkedRows]);
  const blocked = check.status !== 'checked' || stale || good.length === 0 || (check.bad.length > 0 && !skipBad);
  const shortUrls = saved?.shortUrls;
  const items = useCallback(() => bulkItems(good, shortUrls), [good, shortUrls]);

  return (
    <Stack gap="5">
      <Step n={1} title="Design for every code">
        <Text fontSize="sm" color="gray.700">
          Every row gets this design; a row can set its own foreground, background, shape, frame, frame_text and level
          in its columns.
        </Text>
        <DesignTabs atoms={bulkGenerator} />
      </Step>
      <Step n={2} title="Add your rows">
        <RowsInput
          busy={check.status === 'checking'}
          onRows={(input, source) => void checkRows(input, source, design)}
        />
      </Step>
      <Step n={3} title="Check the rows">
        {check.status === 'empty' && (
          <Text color="gray.700">Upload a file or paste rows: each row is checked before anything is made.</Text>
        )}
        {check.status === 'checking' && (
          <Text role="status">
            <Spinner size="sm" me="2" />
            Checking {check.source}…
          </Text>
        )}
        {check.status === 'failed' && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>
              {check.source}: {check.message}
            </Alert.Description>
          </Alert.Root>
        )}
        {check.status === 'checked' && (
          <>
            {stale && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description>
                  The design changed since the rows were checked.{' '}
                  <Button size="xs" variant="outline" onClick={() => recheck(design)}>
                    Check again
                  </Button>
                </Alert.Description>
              </Alert.Root>
            )}
            <RowReport
              source={check.source}
              rows={check.rows}
              bad={check.bad}
              unusedColumns={check.unusedColumns}
              skipBad={skipBad}
              onSkipBad={setSkipBad}
            />
          </>
        )}
      </Step>
      {signedIn && check.status === 'checked' && !stale && (
        <Step n={4} title="Save to my account (optional)">
          {check.bad.length > 0 && !skipBad ? (
            <Text color="gray.700">Fix or skip the rows with problems first.</Text>
          ) : (
            <SaveBatchPanel key={check.id} rows={good} saved={saved} onSaved={setSaved} />
          )}
        </Step>
      )}
      <ZipStep n={signedIn ? 5 : 4} count={good.length} blocked={blocked} items={items} />
    </Stack>
  );
}
