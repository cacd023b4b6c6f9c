import { INGEST_APP } from './nginx.ts';

/** One stream the ingest has, as its stat page tells it. */
export interface IngestStream {
  /** The stream's (internal) name. */
  name: string;
  /** The nginx client id of its publisher; null when none publishes. */
  publisherId: string | null;
  publisherAddress: string | null;
  bitrateKbps: number;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** Players reading it (the packagers). */
  clients: number;
}

export interface IngestControl {
  /** The streams of the live application; throws when the ingest does not answer. */
  streams(): Promise<IngestStream[]>;
  /** Cuts the publisher of a stream; false when there was none. */
  dropPublisher(name: string): Promise<boolean>;
}

const tag = (xml: string, name: string): string | null => {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? match[1]! : null;
};
const numberOf = (value: string | null): number | null => (value === null || value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value));

/**
 * Reads the RTMP module's stat page (`rtmp_stat all`). Its XML is the module's own fixed layout
 * (application > live > stream > client, meta): each stream's block is read for the few fields
 * the lifecycle and the health need.
 */
export function parseStat(xml: string, app = INGEST_APP): IngestStream[] {
  const streams: IngestStream[] = [];
  for (const application of xml.match(/<application>[\s\S]*?<\/application>/g) ?? []) {
    if (tag(application, 'name') !== app) continue;
    for (const stream of application.match(/<stream>[\s\S]*?<\/stream>/g) ?? []) {
      const name = tag(stream, 'name');
      if (name === null) continue;
      const publisher = (stream.match(/<client>[\s\S]*?<\/client>/g) ?? []).find((client) => client.includes('<publishing/>')) ?? null;
      const video = /<video>([\s\S]*?)<\/video>/.exec(stream.replace(/<client>[\s\S]*?<\/client>/g, ''))?.[1] ?? '';
      const audio = /<audio>([\s\S]*?)<\/audio>/.exec(stream.replace(/<client>[\s\S]*?<\/client>/g, ''))?.[1] ?? '';
      const clients = (stream.match(/<client>/g) ?? []).length;
      streams.push({
        name,
        publisherId: publisher ? tag(publisher, 'id') : null,
        publisherAddress: publisher ? tag(publisher, 'address') : null,
        bitrateKbps: Math.round((numberOf(tag(stream, 'bw_in')) ?? 0) / 1000),
        width: numberOf(tag(video, 'width')),
        height: numberOf(tag(video, 'height')),
        frameRate: numberOf(tag(video, 'frame_rate')),
        videoCodec: tag(video, 'codec'),
        audioCodec: tag(audio, 'codec'),
        clients: clients - (publisher ? 1 : 0),
      });
    }
  }
  return streams;
}

/** The ingest's stat and control page (`http://127.0.0.1:1936` by default). */
export function ingestControl(baseUrl: string, timeoutMs = 3000): IngestControl {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async streams() {
      const response = await fetch(`${base}/stat`, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`the ingest's stat page answered ${response.status}`);
      return parseStat(await response.text());
    },
    async dropPublisher(name) {
      const response = await fetch(`${base}/control/drop/publisher?app=${INGEST_APP}&name=${encodeURIComponent(name)}`, { signal: AbortSignal.timeout(timeoutMs) });
      const body = await response.text();
      // The module answers with the number of clients it dropped.
      return response.ok && Number(body.trim()) > 0;
    },
  };
}
