import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { LandingGeneratorSlot } from '../generator/LandingGeneratorSlot.tsx';
import { FeatureGrid } from './FeatureGrid.tsx';
import { Section } from './PageHero.tsx';
import { PlanGrid } from './PlanGrid.tsx';
import { RotatingHeadline } from './RotatingHeadline.tsx';
import { StepList } from './StepList.tsx';

/** Landing content: hero with the rotating headline, the generator, features, how it works, pricing, sign-up. */
export function LandingPage() {
  return (
    <>
      <Box
        as="section"
        aria-labelledby="hero-heading"
        bgGradient="to-b"
        gradientFrom="brand.50"
        gradientTo="white"
        px={{ base: '4', md: '6' }}
        pt={{ base: '12', md: '20' }}
        pb={{ base: '10', md: '14' }}
      >
        <Stack maxW="4xl" mx="auto" textAlign="center" gap="6" align="center">
          <RotatingHeadline id="hero-heading" />
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.700" maxW="2xl">
            Create, customize and track QR codes for your business. Simple, powerful, and free to start.
          </Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to="/auth">Start Free</RouterLink>
            </Button>
            <Button asChild variant="outline" size="lg">
              <RouterLink to="/auth">Explore</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Box>

      <Section id="design" title="Design your QR code" lead="Pick a type, make it yours, and download it in seconds.">
        <LandingGeneratorSlot />
      </Section>

      <Section
        id="features"
        bg="gray.50"
        title="Features"
        lead="Everything you need to create, customize and track QR codes."
      >
        <FeatureGrid headingLevel="h3" />
      </Section>

      <Section id="how-it-works" title="How it works" lead="From idea to a tracked QR code in three steps.">
        <StepList headingLevel="h3" />
      </Section>

      <Section id="pricing" bg="gray.50" title="Pricing" lead="Simple, powerful, and free to start.">
        <PlanGrid headingLevel="h3" />
      </Section>

      <Box
        as="section"
        aria-labelledby="signup-heading"
        bg="brand.500"
        color="white"
        px={{ base: '4', md: '6' }}
        py={{ base: '12', md: '16' }}
      >
        <Stack maxW="3xl" mx="auto" textAlign="center" gap="4" align="center">
          <Heading as="h2" id="signup-heading" fontSize={{ base: '2xl', md: '3xl' }}>
            Ready to track every scan?
          </Heading>
          <Text fontSize="lg" color="brand.50">
            Save your codes, edit them without reprinting and see their analytics in one dashboard.
          </Text>
          <Button asChild bg="white" color="brand.600" _hover={{ bg: 'brand.50' }} size="lg">
            <RouterLink to="/auth">Sign Up</RouterLink>
          </Button>
        </Stack>
      </Box>
    </>
  );
}
