import styled from 'styled-components';

export const FooterRoot = styled.footer`
  background: ${({ theme }) => theme.colors.footerBackground};
  color: ${({ theme }) => theme.colors.footerTextColor};

  & :focus-visible {
    outline-color: ${({ theme }) => theme.colors.footerFocusRing};
  }

  a {
    color: inherit;
  }
`;

export const FooterInner = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
`;

export const FooterName = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.lg};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

export const FooterList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
  }
`;

export const Copyright = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;
