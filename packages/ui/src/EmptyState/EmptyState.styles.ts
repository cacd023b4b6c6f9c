import styled from 'styled-components';

export const EmptyRoot = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.bodyTextColor};
`;

export const EmptyTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.lg};
`;

export const EmptyMessage = styled.p`
  margin: 0;
  max-width: 40ch;
  color: ${({ theme }) => theme.colors.mutedText};
`;

export const EmptyAction = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
`;
