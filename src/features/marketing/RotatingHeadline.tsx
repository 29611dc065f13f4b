import { useEffect, useState } from 'react';
import { Box, Heading } from '@chakra-ui/react';
import {
  HEADLINE_FADE_MS,
  HEADLINE_INTERVAL_MS,
  HEADLINE_PREFIX,
  HEADLINE_SUFFIXES,
} from '../../content/navigation.ts';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.ts';

/**
 * The landing h1: "Create QR Codes" and a suffix that rotates every 9000 ms (spec §1, §9). Each change fades the
 * old suffix out over 300 ms, swaps it, and fades the new one in. With prefers-reduced-motion the suffix swaps
 * at once, without a fade.
 */
export function RotatingHeadline({ id }: { id?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let fadeTimer: number | undefined;
    const next = () => setIndex((i) => (i + 1) % HEADLINE_SUFFIXES.length);
    const interval = window.setInterval(() => {
      if (reducedMotion) {
        next();
        return;
      }
      setVisible(false);
      fadeTimer = window.setTimeout(() => {
        next();
        setVisible(true);
      }, HEADLINE_FADE_MS);
    }, HEADLINE_INTERVAL_MS);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(fadeTimer);
      setVisible(true);
    };
  }, [reducedMotion]);

  return (
    <Heading
      as="h1"
      id={id}
      fontSize={{ base: '4xl', md: '6xl' }}
      lineHeight="1.1"
      letterSpacing="tight"
      color="gray.900"
    >
      {HEADLINE_PREFIX}{' '}
      <Box
        as="span"
        display="block"
        color="brand.500"
        data-testid="headline-suffix"
        style={{
          opacity: visible ? 1 : 0,
          transition: reducedMotion ? 'none' : `opacity ${HEADLINE_FADE_MS}ms ease-in-out`,
        }}
      >
        {HEADLINE_SUFFIXES[index]}
      </Box>
    </Heading>
  );
}
