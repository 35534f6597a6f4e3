// The views the engine sends to the page (spec/protocol.md), generated from their one
// declaration, the TypedDicts of engine/view.py, by tools/view_types.py: do not edit,
// run `python tools/view_types.py` (a test checks that this file is the one it writes).

/** The view of an Awithlaknannai game. */
export interface AwithlaknannaiView {
  game: "awithlaknannai";
  record: string;
  ruleset: string;
  stall: string;
  ply: number;
  position: string;
  start: string;
  pieces: Record<string, "B" | "W">;
  sides: SideView[];
  starts: number;
  to_move: number | null;
  must_capture: boolean;
  legal: MoveView[];
  finished: boolean;
  outcome: OutcomeView | null;
  history: MoveView[];
  per_move: string[];
  counts: number[];
  since?: number;
  svg?: string;
  move?: MoveView;
}

/** One thing that happened during a throw (`Event.to_dict()`): `kind` and `side` always, the other fields when the kind uses them (`engine.zohn_ahl`'s docstring). */
export interface EventView {
  kind: string;
  side: number | null;
  throw?: string;
  value?: number;
  extra?: boolean;
  from_space?: number;
  to_space?: number;
  path?: number[];
  target?: number;
  target_space?: number;
  payer?: number;
  counters?: number[];
  reason?: string;
}

/** A move as the view shows it: its notation in the position, its path and the points it leaps. In the history and a move just made also `side`, the side that made it, `number`, the move list's row it is in (the record's move number), and `column`, the row's column it is written in (0: Black's, 1: White's), and `said`, the words that announce it. */
export interface MoveView {
  notation: string;
  path: string[];
  captured: (string | null)[];
  side?: number;
  number?: number;
  column?: number;
  said?: SaidView;
}

/** How a game ended: the winner (0, 1, or null for a draw) and the reason's code. */
export interface OutcomeView {
  winner: number | null;
  reason: string;
}

/** A sentence or a part of one, for the page to say in its language: `key` names an entry of the word table's `page` section (a dotted path, `"narrate.move.other"`), `values` fills its placeholders (a number as it is, a string as text, a phrase by its own words: `{"key": "sideName.0"}`). */
export interface Phrase {
  key: string;
  values?: Record<string, number | number | string | Phrase>;
}

/** A move announced: `key`, its sentence in the word tables' `moveSaid`, and the values the page fills in (`side`, the side that made it; `move`, its notation; `n`, the pieces it took). */
export interface SaidView {
  key: "played" | "playedTaking";
  side: number;
  move: string;
  n: number;
}

/** One side of an Awithlaknannai game: its name's key in the word tables (`black`, `white`) and the letter its pieces have in `pieces` and positions. */
export interface SideView {
  name: "black" | "white";
  colour: "B" | "W";
}

/** The position between two throws (`State.to_dict()`). */
export interface StateView {
  awls: number[];
  counters: number[];
  to_move: number | null;
  winner: number | null;
  skip: boolean[];
  throws_made: number[];
  physical: number[];
  finished: boolean;
}

/** Either game's view; `game` tells which. */
export type View = ZohnAhlView | AwithlaknannaiView;

/** One throw as the game's log shows it: the sticks (`throw`, `"0101"`: 1 a stick fallen marked side up, the sahe last), the side that threw, the team member who threw (`member`, when the game is played by teams), the words that name the thrower (`thrower`: "Red:", or with teams "Red (Ann):") and the throw told in words. */
export interface ZohnAhlLogRow {
  throw: string;
  side: number;
  member?: string;
  thrower: Phrase;
  narration: Phrase[];
}

/** A game's options (`gully` only for the rulesets that have it). */
export interface ZohnAhlOptions {
  ruleset: string;
  counters: number;
  gully?: string;
}

/** Whose throw it is in a state: `side` (None once the game is over), the team member whose turn it is (`member`, when the game is played by teams) and the caption's words (who throws, or who has won). */
export interface ZohnAhlTurn {
  side: number | null;
  member?: string;
  caption: Phrase;
}

/** The view of a Zohn Ahl game. */
export interface ZohnAhlView {
  game: "zohn-ahl";
  record: string;
  options: ZohnAhlOptions;
  seed: number | null;
  bias: string | null;
  state: StateView;
  thrown: number;
  events_by_throw: EventView[][];
  log: ZohnAhlLogRow[];
  states: StateView[];
  turns: ZohnAhlTurn[];
  per_move: string[];
  since?: number;
  svg?: string;
  throw?: string;
  value?: number;
  side?: number;
  path?: number[];
  from_space?: number;
}
