import styled from 'styled-components';

// Under the toasts and popups, over the page.
export const BannerRoot = styled.section`
  position: fixed;
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  left: ${({ theme }) => theme.space.md};
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  max-width: 48rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.surfaceText};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

export const BannerMessage = styled.p`
  flex: 1 1 18rem;
  margin: 0;
`;

export const BannerActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
