import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { INDUSTRY_STYLES, type Industry } from '../../content/industries.ts';
import { PageBody, PageHero } from './PageHero.tsx';

/** An industry page (spec §2): healthcare-style or retail-style cards and call to action, named for the industry. */
export function IndustryPage({ industry }: { industry: Industry }) {
  const style = INDUSTRY_STYLES[industry.style];
  return (
    <>
      <PageHero
        eyebrow="Solutions"
        title={`QR Codes for ${industry.name}`}
        lead={`QRCraft for ${industry.name}: connect every printed code to the right information, change it without reprinting, and measure every scan.`}
      />
      <PageBody>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="6" listStyleType="none" m="0" p="0">
          {style.cards.map((card) => (
            <Box
              as="li"
              key={card.title}
              bg="white"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="xl"
              p="6"
              shadow="xs"
            >
              <Heading as="h2" fontSize="xl" color="gray.900" mb="2">
                {card.title}
              </Heading>
              <Text color="gray.700">{card.description}</Text>
            </Box>
          ))}
        </SimpleGrid>
        <Box textAlign="center" mt="12">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={style.ctaTo}>{style.cta}</RouterLink>
          </Button>
        </Box>
      </PageBody>
    </>
  );
}
