import { Box } from '@chakra-ui/react';
import { GeneratorPanel } from './GeneratorPanel.tsx';
import { createPageGenerator } from './generatorAtoms.ts';

/** The /create generator: type picker, content, design, Generate, preview with download (spec §2). */
export function CreateGeneratorSlot() {
  return (
    <Box id="create-generator" data-slot="create-generator">
      <GeneratorPanel atoms={createPageGenerator} />
    </Box>
  );
}
