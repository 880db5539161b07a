import { Box, Heading, HStack, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { use, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { HighlightedTitle } from '../../app/ui/GradientText';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';
import { BLOGS_PAGE, loadArticle, readTimeLabel } from '../../content/blogs';
import { SITE_MEDIA_SIZES } from '../../../contract/site-media';
import type { BlogArticle } from '../../content/types';
import { MediaImage } from './components/MediaImage';
import { useWarmSiteMedia } from './components/useWarmSiteMedia';

const { width, height } = SITE_MEDIA_SIZES.blog;

function Titled({ title, highlight, as, size }: { title: string; highlight: string; as: 'h2' | 'h3'; size: object }) {
  return (
    <Heading as={as} fontSize={size} lineHeight="1.25">
      <HighlightedTitle title={title} highlight={highlight} />
    </Heading>
  );
}

/** The author's avatar; a failed image falls back to the logo mark (spec 000 §2). */
function AuthorAvatar({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? '/favicon.svg' : src}
      alt={failed ? 'Persona Studio' : name}
      width={44}
      height={44}
      onError={() => setFailed(true)}
      style={{ width: 44, height: 44, borderRadius: '9999px', objectFit: 'cover', background: '#21212F', flexShrink: 0 }}
    />
  );
}

function Breadcrumb() {
  return (
    <Box as="nav" aria-label="Breadcrumb" fontSize="sm" mb="6">
      <HStack as="ol" listStyleType="none" gap="2" color="fg.muted">
        <li>
          <Link asChild color="brand.fg">
            <RouterLink to="/blogs">{BLOGS_PAGE.breadcrumbRoot}</RouterLink>
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li aria-current="page">{BLOGS_PAGE.breadcrumbDetail}</li>
      </HStack>
    </Box>
  );
}

function Article({ blog }: { blog: BlogArticle }) {
  const date = new Date(`${blog.datetime}T00:00:00`);
  return (
    <chakra.article>
      <PageTitle title={blog.title} highlight={blog.gradianttitle} fontSize={{ base: '3xl', md: '5xl' }} />
      <HStack gap="3" mt="6">
        <AuthorAvatar src={blog.userImage} name={blog.name} />
        <Box>
          <Text fontWeight="semibold">{blog.name}</Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={blog.datetime}>{date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}</time>
            {' · '}
            <span>{readTimeLabel(blog)}</span>
          </Text>
        </Box>
      </HStack>
      <MediaImage src={blog.image} alt={blog.imageAlt} width={width} height={height} loading="eager" fetchPriority="high" rounded="2xl" mt="8" borderWidth="1px" borderColor="border.muted" />
      <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg" mt="8" lineHeight="1.7">
        {blog.subText}
      </Text>
      <Stack gap="10" mt="10">
        {blog.header.map((h) => (
          <Stack as="section" key={h.title} gap="4">
            <Titled as="h2" title={h.title} highlight={h.gradianttitle} size={{ base: '2xl', md: '3xl' }} />
            {h.items.flat().map((p) => (
              <Text key={p.slice(0, 40)} color="fg.muted" lineHeight="1.8">
                {p}
              </Text>
            ))}
          </Stack>
        ))}
        {blog.subHeaderData.map((s) => (
          <Stack as="section" key={s.subHeader} gap="6">
            <Titled as="h2" title={s.subHeader} highlight={s.gradianttitle} size={{ base: '2xl', md: '3xl' }} />
            {s.items.map((item) => (
              <Stack key={item.title} gap="3" ps={{ md: 4 }} borderStartWidth={{ md: '2px' }} borderColor="brand.emphasized">
                <Titled as="h3" title={item.title} highlight={item.gradianttitle} size={{ base: 'lg', md: 'xl' }} />
                {item.text.map((p) => (
                  <Text key={p.slice(0, 40)} color="fg.muted" lineHeight="1.8">
                    {p}
                  </Text>
                ))}
              </Stack>
            ))}
          </Stack>
        ))}
      </Stack>
    </chakra.article>
  );
}

/** Blog Details (/blogsDetails/:slug). */
export default function BlogDetailsPage() {
  useWarmSiteMedia();
  const { slug = '' } = useParams();
  // The article's body is a chunk of its own: the page waits for it (a navigation keeps the
  // previous page until then; a prerendered article stays as it is until it is in).
  const blog = use(loadArticle(slug));
  return (
    <PageSection maxW="3xl">
      <Breadcrumb />
      {blog ? (
        <Article blog={blog} />
      ) : (
        <Stack gap="5" align="flex-start" py="8">
          <PageTitle title="Article not found" />
          <Text color="fg.muted">We could not find that article. It may have moved or been renamed.</Text>
          <AccentLinkButton to="/blogs" rounded="full">
            Back to Blogs
          </AccentLinkButton>
        </Stack>
      )}
    </PageSection>
  );
}
