import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CheckIcon } from '../../components/icons.tsx';
import { PLANS, TRIAL_LINE } from '../../content/plans.ts';

/**
 * Where each plan button leads. The spec names /auth for "Start Free"; a Pro trial also starts with an account,
 * so "Start Pro Trial" goes there too. Sales has no contact target yet: that button is visibly unavailable.
 */
const PLAN_TARGETS: Record<string, string | undefined> = {
  'Start Free': '/auth',
  'Start Pro Trial': '/auth',
};

/** The three plans with every feature, price, period, button and the "Most Popular" badge, and the trial line. */
export function PlanGrid({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  return (
    <Box>
      <SimpleGrid as="ul" columns={{ base: 1, lg: 3 }} gap="6" listStyleType="none" m="0" p="0" alignItems="stretch">
        {PLANS.map((plan) => {
          const to = PLAN_TARGETS[plan.cta];
          return (
            <Box
              as="li"
              key={plan.name}
              position="relative"
              bg="white"
              borderWidth={plan.popular ? '2px' : '1px'}
              borderColor={plan.popular ? 'brand.500' : 'gray.200'}
              rounded="xl"
              p={{ base: '6', md: '8' }}
              shadow={plan.popular ? 'lg' : 'xs'}
              display="flex"
              flexDirection="column"
            >
              {plan.popular && (
                <Badge
                  position="absolute"
                  top="-3"
                  left="50%"
                  transform="translateX(-50%)"
                  colorPalette="brand"
                  variant="solid"
                  px="3"
                  py="1"
                  rounded="full"
                >
                  Most Popular
                </Badge>
              )}
              <Heading as={headingLevel} fontSize="xl" color="gray.900">
                {plan.name}
              </Heading>
              <Text mt="2" color="gray.700">
                {plan.description}
              </Text>
              <Text mt="4" color="gray.900">
                <Box as="span" fontSize="4xl" fontWeight="bold">
                  {plan.price}
                </Box>{' '}
                <Box as="span" color="gray.600">
                  {plan.period}
                </Box>
              </Text>
              <Stack
                as="ul"
                gap="2"
                mt="6"
                mb="8"
                listStyleType="none"
                p="0"
                flex="1"
                aria-label={`${plan.name} plan features`}
              >
                {plan.features.map((feature) => (
                  <Box as="li" key={feature} display="flex" gap="2" alignItems="flex-start" color="gray.800">
                    <Box as="span" color="green.600" mt="1" flexShrink={0}>
                      <CheckIcon />
                    </Box>
                    {feature}
                  </Box>
                ))}
              </Stack>
              {to ? (
                <Button asChild colorPalette="brand" variant={plan.popular ? 'solid' : 'outline'} w="full">
                  <RouterLink to={to}>{plan.cta}</RouterLink>
                </Button>
              ) : (
                <Stack gap="1">
                  <Button variant="outline" w="full" disabled aria-describedby={`${plan.name}-cta-note`}>
                    {plan.cta}
                  </Button>
                  <Text id={`${plan.name}-cta-note`} fontSize="sm" color="gray.600" textAlign="center">
                    Coming soon
                  </Text>
                </Stack>
              )}
            </Box>
          );
        })}
      </SimpleGrid>
      <Text mt="8" textAlign="center" color="gray.700" fontWeight="medium">
        {TRIAL_LINE}
      </Text>
    </Box>
  );
}
