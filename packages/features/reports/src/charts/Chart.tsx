import { Text } from '@grandstand/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface ChartRow {
  /** The row's name: a day, an event, a school. */
  label: string;
  value: number;
  /** The value as the table shows it (money, minutes), already formatted. */
  shown: string;
}

export interface ChartProps {
  /** The chart's and its table's title, already translated. */
  title: string;
  /** The table's two column headings. */
  labelHeading: string;
  valueHeading: string;
  rows: ChartRow[];
  /** `columns` for a series over days, `bars` for a ranking. */
  kind?: 'columns' | 'bars';
  /** Shown instead when there is no row, already translated. */
  empty: string;
  /** The CSV link (or anything) under the table. */
  footer?: ReactNode;
}

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: var(--gs-space-sm);
  min-width: 0;
`;

const Caption = styled.figcaption`
  font-weight: var(--gs-font-weight-bold);
`;

const Svg = styled.svg`
  width: 100%;
  height: auto;
  display: block;
  overflow: visible;
`;

const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-size: var(--gs-font-size-sm);

  th,
  td {
    text-align: start;
    padding: var(--gs-space-xxs) var(--gs-space-xs);
    border-bottom: 1px solid var(--gs-border);
    overflow-wrap: anywhere;
  }

  td:last-child,
  th:last-child {
    text-align: end;
    white-space: nowrap;
  }
`;

const COLUMN_WIDTH = 100;
/** A series of a few days keeps columns of a week's width rather than one bar across the page. */
const MIN_COLUMNS = 7;
const BAR_HEIGHT = 22;

/**
 * A figure in the channel's colours: an SVG drawn here (bars in the primary colour, outlined in the
 * border colour, which keeps 3:1 against the page whatever the palette), hidden from screen readers,
 * and the same figures as a table under it, which they read and everyone may copy or export.
 */
export function Chart({ title, labelHeading, valueHeading, rows, kind = 'bars', empty, footer }: ChartProps) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  return (
    <Figure>
      <Caption>{title}</Caption>
      {rows.length === 0 ? (
        <Text tone="muted">{empty}</Text>
      ) : (
        <>
          {max > 0 && (kind === 'columns' ? <Columns rows={rows} max={max} /> : <Bars rows={rows} max={max} />)}
          <Table>
            <thead>
              <tr>
                <th scope="col">{labelHeading}</th>
                <th scope="col">{valueHeading}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row.label}-${index}`}>
                  <th scope="row">{row.label}</th>
                  <td>{row.shown}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      {footer}
    </Figure>
  );
}

function Columns({ rows, max }: { rows: ChartRow[]; max: number }) {
  const width = Math.max(rows.length, MIN_COLUMNS) * COLUMN_WIDTH;
  const height = 320;
  return (
    <Svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" data-chart="columns" style={{ maxHeight: '12rem' }}>
      {rows.map((row, index) => {
        const h = max > 0 ? Math.max(row.value > 0 ? 4 : 0, (row.value / max) * (height - 8)) : 0;
        return <ChartBar key={index} x={index * COLUMN_WIDTH + 12} y={height - h} width={COLUMN_WIDTH - 24} height={h} />;
      })}
    </Svg>
  );
}

function Bars({ rows, max }: { rows: ChartRow[]; max: number }) {
  const width = 600;
  const height = rows.length * (BAR_HEIGHT + 8);
  return (
    <Svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" data-chart="bars">
      {rows.map((row, index) => {
        const w = max > 0 ? Math.max(row.value > 0 ? 3 : 0, (row.value / max) * width) : 0;
        return <ChartBar key={index} x={0} y={index * (BAR_HEIGHT + 8)} width={w} height={BAR_HEIGHT} />;
      })}
    </Svg>
  );
}

const ChartBar = styled.rect.attrs({ rx: 3 })`
  fill: var(--gs-primary-color);
  stroke: var(--gs-border);
  stroke-width: 1;
  vector-effect: non-scaling-stroke;
`;
