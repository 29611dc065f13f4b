import { Box } from '@chakra-ui/react';
import { GeneratorPanel } from './GeneratorPanel.tsx';
import { landingGenerator } from './generatorAtoms.ts';

/** The landing page's three-step generator panel ("Design your QR code", spec §2). */
export function LandingGeneratorSlot() {
  return (
    <Box id="generator" data-slot="landing-generator">
      <GeneratorPanel atoms={landingGenerator} />
    </Box>
  );
}
