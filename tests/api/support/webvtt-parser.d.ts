/** webvtt-parser (npm, public domain): the W3C's WebVTT parser, the tests' independent reader of the VTT we serve. */
declare module 'webvtt-parser' {
  export interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    /** The cue's text as written (character references and tags undecoded). */
    text: string;
    /** The cue's text parsed: text nodes hold decoded text. */
    tree: CueNode;
  }
  export interface CueNode {
    type: string;
    value?: string;
    children?: CueNode[];
  }
  export class WebVTTParser {
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: { message: string; line: number; col: number }[] };
  }
}
