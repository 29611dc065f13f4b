import { useState } from 'react';
import { Box, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useLatestLoad } from '../../lib/useLatestLoad.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { FEEDBACK_PAGE_SIZE, feedbackExportForm, fetchFeedback, type FeedbackAnswerRow } from './feedbackApi.ts';
import { formatCount } from './format.ts';
import { FormDownloadButton } from './FormDownloadButton.tsx';

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

function Answer({ answer, timeZone }: { answer: FeedbackAnswerRow; timeZone: string }) {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(answer.submittedAt),
  );
  return (
    <Box as="li" borderBottomWidth="1px" borderColor="gray.100" py="2">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text aria-label={`${answer.rating} of 5 stars`} color="orange.600" fontSize="lg">
          {stars(answer.rating)}
        </Text>
        <Text fontSize="sm" color="gray.700">
          {when}
        </Text>
      </HStack>
      {answer.choice !== null && <Text fontSize="sm">Chose: {answer.choice}</Text>}
      {answer.comment !== null && (
        <Text whiteSpace="pre-line" overflowWrap="anywhere">
          {answer.comment}
        </Text>
      )}
      {answer.email !== null && (
        <Text fontSize="sm">
          Reply to <Link href={`mailto:${answer.email}`}>{answer.email}</Link>
        </Text>
      )}
    </Box>
  );
}

/**
 * A feedback page's answers in its code's analytics (issue 33): how many, the average rating, how many gave each
 * rating, the answers newest first (20 a page), and their CSV. Shows nothing for a code that is not a feedback page.
 */
export function FeedbackSection({ codeId, timeZone }: { codeId: string; timeZone: string }) {
  const [page, setPage] = useState(0);
  const { state, latest, retry } = useLatestLoad(`feedback|${codeId}|${page}`, (signal) =>
    fetchFeedback(getSupabase(), codeId, page, signal),
  );
  // While the next page loads, the one before stays (same code only), so the buttons keep their place and focus.
  const shown = state.status === 'ready' ? state.data : latest?.status === 'ready' ? latest.data : null;
  if (state.status === 'error') {
    return (
      <Text role="alert">
        Could not load the feedback.{' '}
        <Button size="xs" variant="outline" onClick={retry}>
          Try again
        </Button>
      </Text>
    );
  }
  if (!shown || shown.codeId !== codeId || !shown.isFeedback) return null;
  const { summary, answers } = shown;
  const pages = Math.max(1, Math.ceil(summary.responses / FEEDBACK_PAGE_SIZE));
  return (
    <Box
      as="section"
      aria-labelledby="feedback-heading"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p="4"
    >
      <HStack justify="space-between" wrap="wrap" gap="3" mb="3">
        <Heading as="h3" id="feedback-heading" fontSize="md" color="gray.900">
          Feedback
        </Heading>
        <FormDownloadButton
          label="Export feedback CSV"
          frameName="qrcraft-feedback-export"
          frameTitle="Feedback export download"
          makeForm={() => feedbackExportForm(codeId)}
          signInAgain="Sign in again to export the feedback"
          failed="Try again, or sign in again."
        />
      </HStack>
      {summary.responses === 0 ? (
        <Text color="gray.700">No feedback yet.</Text>
      ) : (
        <Stack gap="4">
          <Text>
            {formatCount(summary.responses)} {summary.responses === 1 ? 'answer' : 'answers'} · average rating{' '}
            <strong>{summary.averageRating?.toFixed(2)}</strong> of 5
          </Text>
          <Table.Root size="sm" aria-label="Answers by rating" maxW="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Rating</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Answers</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[5, 4, 3, 2, 1].map((n) => (
                <Table.Row key={n}>
                  <Table.Cell>
                    {n} {n === 1 ? 'star' : 'stars'}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(summary.distribution[n - 1]!)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Answers, newest first">
            {answers.map((a) => (
              <Answer key={a.id} answer={a} timeZone={timeZone} />
            ))}
          </Box>
          {pages > 1 && (
            <HStack gap="3">
              <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Text fontSize="sm">
                Page {page + 1} of {pages}
              </Text>
              <Button size="sm" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </HStack>
          )}
        </Stack>
      )}
    </Box>
  );
}
