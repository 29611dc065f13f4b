import { Link as RouterLink } from 'react-router-dom';
import { Box, Grid, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { InstagramIcon, LinkedInIcon, YouTubeIcon } from '../../components/icons.tsx';
import { COPYRIGHT_YEAR, FOOTER_COLUMNS, FOOTER_DESCRIPTION, SOCIAL_LINKS } from '../../content/navigation.ts';
import { Logo } from './Logo.tsx';
import { PlaceholderItem } from './PlaceholderItem.tsx';

const SOCIAL_ICONS = { Instagram: InstagramIcon, YouTube: YouTubeIcon, LinkedIn: LinkedInIcon } as const;

const focusRing = { outline: '2px solid', outlineColor: 'white', outlineOffset: '2px' } as const;

/** Site footer (spec §2): home, dashboard, in-page anchors, placeholders, social links, copyright 2024. */
export function Footer() {
  return (
    <Box as="footer" bg="gray.900" color="gray.300" mt="auto">
      <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="12">
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr' }} gap="8">
          <Stack gap="4">
            <Logo tone="dark" />
            <Text maxW="xs">{FOOTER_DESCRIPTION}</Text>
            <HStack gap="3" as="ul" listStyleType="none" m="0" p="0">
              {SOCIAL_LINKS.map(({ label, href }) => {
                const Icon = SOCIAL_ICONS[label];
                return (
                  <li key={label}>
                    <chakra.a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${label} (opens in a new tab)`}
                      display="inline-flex"
                      p="2"
                      rounded="md"
                      bg="gray.800"
                      color="gray.100"
                      _hover={{ bg: 'gray.700' }}
                      _focusVisible={focusRing}
                    >
                      <Icon size={20} />
                    </chakra.a>
                  </li>
                );
              })}
            </HStack>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Box as="section" key={column.title} aria-labelledby={`footer-${column.title}`}>
              <Heading as="h2" id={`footer-${column.title}`} fontSize="sm" color="white" mb="3">
                {column.title}
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
                {column.items.map((item) => (
                  <li key={item.label}>
                    {item.to ? (
                      <chakra.a
                        asChild
                        color="gray.300"
                        rounded="sm"
                        _hover={{ color: 'white', textDecoration: 'underline' }}
                        _focusVisible={focusRing}
                      >
                        <RouterLink to={item.to}>{item.label}</RouterLink>
                      </chakra.a>
                    ) : (
                      <PlaceholderItem label={item.label} tone="dark" />
                    )}
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </Grid>
        <Text mt="10" pt="6" borderTopWidth="1px" borderColor="gray.800" fontSize="sm" color="gray.400">
          © {COPYRIGHT_YEAR} QRCraft. All rights reserved.
        </Text>
      </Box>
    </Box>
  );
}
