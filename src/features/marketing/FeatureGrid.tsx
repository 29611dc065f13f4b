import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { ChartIcon, FileIcon, LayersIcon, PaletteIcon, RefreshIcon, ShieldIcon } from '../../components/icons.tsx';
import { FEATURES, type FeatureIcon } from '../../content/features.ts';

const ICONS: Record<FeatureIcon, typeof ChartIcon> = {
  types: LayersIcon,
  dynamic: RefreshIcon,
  analytics: ChartIcon,
  design: PaletteIcon,
  export: FileIcon,
  uptime: ShieldIcon,
};

/** The six feature cards. `headingLevel` keeps the page's heading outline right (h2 under an h1, h3 under an h2). */
export function FeatureGrid({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="6" listStyleType="none" m="0" p="0">
      {FEATURES.map((feature) => {
        const Icon = ICONS[feature.icon];
        return (
          <Box
            as="li"
            key={feature.id}
            id={feature.id}
            scrollMarginTop="5rem"
            bg="white"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="xl"
            p="6"
            shadow="xs"
          >
            <Box display="inline-flex" p="3" rounded="lg" bg="brand.50" color="brand.500" mb="4">
              <Icon size={24} />
            </Box>
            <Heading as={headingLevel} fontSize="lg" color="gray.900" mb="2">
              {feature.title}
            </Heading>
            <Text color="gray.700">{feature.description}</Text>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
