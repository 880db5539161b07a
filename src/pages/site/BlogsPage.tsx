import { Box, Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSection } from '../../app/ui/PageSection';
import { BLOG_CARDS, BLOGS_PAGE, blogPath } from '../../content/blogCards';
import { BLOG_CARD_SUMMARY_MAX, BLOG_CARD_TITLE_MAX, truncate } from '../../content/text';
import { SITE_MEDIA_SIZES } from '../../../contract/site-media';
import { accentLabelGradient } from '../../theme/accent';
import { MediaImage } from './components/MediaImage';
import { PageHero } from './components/PageHero';

const { width, height } = SITE_MEDIA_SIZES.blog;

function ArrowIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M7 17L17 7M9 7h8v8" />
    </svg>
  );
}

/** Blogs (/blogs): a card per article; titles cut to 45 characters, summaries to 120 (spec 000 §9). */
export default function BlogsPage() {
  return (
    <PageSection>
      <PageHero title={BLOGS_PAGE.title} intro={BLOGS_PAGE.subtitle} />
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="6" mt={{ base: 8, md: 12 }}>
        {BLOG_CARDS.map((blog, i) => (
          <LinkBox as="li" key={blog.slug} display="flex" flexDirection="column" rounded="2xl" overflow="hidden" bg="bg.panel" borderWidth="1px" borderColor="border.muted" transition="border-color 0.2s, transform 0.2s" _hover={{ borderColor: 'brand.emphasized', transform: 'translateY(-2px)' }}>
            <MediaImage src={blog.image} alt={blog.imageAlt} width={width} height={height} loading={i < 2 ? 'eager' : 'lazy'} />
            <Stack gap="3" p="5" flex="1">
              <Text fontSize="xs" color="fg.subtle">
                {blog.name} · {blog.watch}
              </Text>
              <Heading as="h2" fontSize="lg" lineHeight="1.35" title={blog.title}>
                {truncate(blog.title, BLOG_CARD_TITLE_MAX)}
              </Heading>
              <Text color="fg.muted" fontSize="sm" lineHeight="1.6" data-testid="blog-summary">
                {truncate(blog.subText, BLOG_CARD_SUMMARY_MAX)}
              </Text>
              <Box mt="auto" pt="2" display="flex" justifyContent="flex-end">
                <LinkOverlay asChild>
                  <RouterLink to={blogPath(blog)} aria-label={`Read ${blog.title}`}>
                    <Box as="span" display="grid" placeItems="center" w="10" h="10" rounded="full" bgImage={accentLabelGradient} color="white">
                      <ArrowIcon />
                    </Box>
                  </RouterLink>
                </LinkOverlay>
              </Box>
            </Stack>
          </LinkBox>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
