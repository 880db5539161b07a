import { Alert, Field, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { profileApi } from '../../api/profile';
import { AccentButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';
import { getSession, SessionKey } from '../../lib/session';
import { ratingError } from '../../lib/validation';
import { StarRating } from './feedback/StarRating';

export const FEEDBACK_MESSAGES = {
  submitted: 'Feedback submitted!',
  submittedLong: 'Feedback submitted successfully!',
  failed: 'Failed to submit feedback. Please try again.',
  error: 'An error occurred while submitting feedback.',
} as const;

/** After a success the form stays disabled this long, then resets (spec §4). */
export const FEEDBACK_RESET_MS = 3000;

type Result = { kind: 'success' | 'error'; text: string } | null;

/** Feedback (/feedback): five-star rating (default 5) and a description. */
export default function FeedbackPage() {
  const [rating, setRating] = useState(5);
  const [description, setDescription] = useState('');
  const [ratingProblem, setRatingProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const problem = ratingError(rating);
    setRatingProblem(problem);
    if (problem) return;
    setSending(true);
    try {
      const res = await profileApi.sendFeedback(getSession(SessionKey.userId) ?? '', rating, description.trim());
      if (res.data?.status !== 'success') throw new ApiError(res.status, res.data, 'not success');
      setDone(true);
      setResult({ kind: 'success', text: FEEDBACK_MESSAGES.submittedLong });
      timer.current = setTimeout(() => {
        setDone(false);
        setResult(null);
        setRating(0);
        setDescription('');
      }, FEEDBACK_RESET_MS);
    } catch (err) {
      // An answer that is not a success vs. no answer at all (spec §8).
      const answered = err instanceof ApiError && err.status > 0;
      setResult({ kind: 'error', text: answered ? FEEDBACK_MESSAGES.failed : FEEDBACK_MESSAGES.error });
    } finally {
      setSending(false);
    }
  };

  return (
    <PageSection maxW="2xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Feedback" />
      <Text mt="2" color="fg.muted">
        Tell us how Persona Studio works for you. Every note is read by the team.
      </Text>
      <chakra.form onSubmit={onSubmit} noValidate mt="8" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="2xl" p={{ base: 5, md: 8 }}>
        <chakra.fieldset disabled={done || sending} border="0" p="0" m="0" minW="0">
          <Stack gap="6">
            <Field.Root invalid={Boolean(ratingProblem)}>
              <Text id="rating-label" fontWeight="medium">
                Rating
              </Text>
              <StarRating
                value={rating}
                labelledBy="rating-label"
                disabled={done || sending}
                onChange={(value) => {
                  setRating(value);
                  if (value > 0) setRatingProblem(undefined);
                }}
              />
              <Field.ErrorText>{ratingProblem}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Description</Field.Label>
              <Textarea
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="What do you like? What should we improve?"
                rows={6}
                maxLength={2000}
                bg="bg.subtle"
                borderColor="border.emphasized"
                size="lg"
              />
            </Field.Root>
            {result ? (
              <Alert.Root status={result.kind} rounded="xl" role={result.kind === 'error' ? 'alert' : 'status'}>
                <Alert.Indicator />
                <Alert.Title>{result.text}</Alert.Title>
              </Alert.Root>
            ) : null}
            <AccentButton type="submit" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={sending} loadingText="Submitting...">
              {done ? FEEDBACK_MESSAGES.submitted : 'Submit'}
            </AccentButton>
          </Stack>
        </chakra.fieldset>
      </chakra.form>
    </PageSection>
  );
}
