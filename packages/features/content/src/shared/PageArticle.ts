import styled from 'styled-components';

/** The column every content page sits in: a readable line length, centred. */
export const PageArticle = styled.article`
  max-width: 72ch;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};

  > h1 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.font.sizes.xxl};
  }
`;

/** A quiet line of text with a link, e.g. "Did not find your answer? Contact us". */
export const Aside = styled.p`
  margin-top: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.mutedText};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;
