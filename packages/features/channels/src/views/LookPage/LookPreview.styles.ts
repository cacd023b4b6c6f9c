import styled from 'styled-components';

// The preview's parts read the edited theme through the CSS variables its frame carries.

export const PreviewFigure = styled.figure`
  margin: 0;
  display: grid;
  gap: var(--gs-space-xs);

  figcaption {
    font-size: var(--gs-font-size-sm);
    font-weight: 600;
  }
`;

export const Frame = styled.div`
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  overflow: hidden;
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  font-family: var(--gs-font-family);
  font-size: var(--gs-font-size-sm);
  box-shadow: var(--gs-shadow-sm);
`;

export const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: var(--gs-space-md);
  padding: var(--gs-space-sm) var(--gs-space-md);
  background: var(--gs-header-background);
  color: var(--gs-header-text-color);
`;

export const Brand = styled.span`
  font-weight: 700;
  font-size: var(--gs-font-size-md);
  overflow-wrap: anywhere;

  img {
    display: block;
    height: 32px;
    max-width: 140px;
    object-fit: contain;
  }
`;

export const Tools = styled.span`
  display: flex;
  align-items: center;
  gap: var(--gs-space-md);
  margin-inline-start: auto;
`;

export const Menu = styled.span`
  display: flex;
  gap: var(--gs-space-sm);
  white-space: nowrap;

  @media (max-width: 30rem) {
    display: none;
  }
`;

export const Login = styled.span`
  white-space: nowrap;
  padding: var(--gs-space-xxs) var(--gs-space-sm);
  border: 1px solid currentColor;
  border-radius: var(--gs-radius-pill);
`;

export const Body = styled.div`
  padding: var(--gs-space-md);
`;

export const Card = styled.div`
  display: grid;
  grid-template-columns: minmax(6rem, 10rem) 1fr;
  gap: var(--gs-space-sm);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  border-radius: var(--gs-radius-md);
  overflow: hidden;

  @media (max-width: 30rem) {
    grid-template-columns: 1fr;
  }
`;

export const CardPicture = styled.div`
  min-height: 5.5rem;
  padding: var(--gs-space-xs);
  background: linear-gradient(135deg, var(--gs-secondary-color), var(--gs-primary-color));
`;

export const LiveBadge = styled.span`
  display: inline-block;
  padding: 0 var(--gs-space-xs);
  border-radius: var(--gs-radius-sm);
  background: var(--gs-primary-color);
  color: var(--gs-primary-contrast);
  font-weight: 700;
  font-size: var(--gs-font-size-xs);
`;

export const CardBody = styled.div`
  display: grid;
  gap: var(--gs-space-xxs);
  align-content: start;
  padding: var(--gs-space-sm);
`;

export const Price = styled.span`
  color: var(--gs-muted-text);
`;

export const Watch = styled.span`
  justify-self: start;
  margin-block-start: var(--gs-space-xs);
  padding: var(--gs-space-xxs) var(--gs-space-md);
  border-radius: var(--gs-radius-pill);
  background: var(--gs-primary-color);
  color: var(--gs-primary-contrast);
  font-weight: 600;
`;

export const Footer = styled.div`
  padding: var(--gs-space-sm) var(--gs-space-md);
  background: var(--gs-footer-background);
  color: var(--gs-footer-text-color);
  font-size: var(--gs-font-size-xs);
`;
