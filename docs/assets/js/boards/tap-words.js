// @ts-check
// What an Awithlaknannai board says when the point a reader chose cannot be played, without
// a page: the move picker's refusal (move-picker.js) and what stands on the point become
// one sentence that teaches ("That is White's piece", "No piece on m5", "This piece has no
// move now"). It knows no rules: whether a piece may move comes from the picker, which
// has the engine's legal moves.
//
// With the board's aids off (student mode: build_scripts/aids.py), the words must not
// answer an exercise. A piece of the side to move that may not move is then always "This
// piece has no move now", whether it is blocked or only barred by a compulsory capture:
// a sentence of its own for the second case would tell the reader, piece by piece, that a
// capture is on the board and which pieces cannot make it. (The sentence is true in both
// cases: a piece barred by the capture rule has no legal move.) Likewise a point a chosen
// piece may not reach is only refused ("This piece cannot go to m4"), without listing the
// points it can reach. With the aids on, the compulsory capture is said, and the reachable
// points are named.

/**
 * @typedef {object} TapContext
 * @property {number | null} side   the side whose piece stands on the point (the view's `sides`), or null
 * @property {string} sideName   that side's name key in the word tables (the view's `sides`)
 * @property {number} toMove   the side to move
 * @property {boolean} aids   the board's aids are on
 * @property {boolean} mustCapture   the side to move is obliged to capture now (the engine's `must_capture`)
 */

/**
 * The sentence for a refused point.
 * @param {{reason?: string, point?: string, targets?: string[], victims?: string[]}} refusal   the picker's
 * @param {TapContext} at
 * @param {any} L   the page's words (i18n.js)
 * @returns {string}
 */
export function refusalWords(refusal, at, L) {
  const { reason, point } = refusal;
  if (reason === "no-move") return L.noMove;
  if (reason === "not-victim") return L.chooseVictim(refusal.victims || []);
  const side = at.side;
  if (side === at.toMove) return at.aids && at.mustCapture ? L.mustLeap : L.pieceStuck;
  if (reason === "not-target") {
    return at.aids ? L.notTarget(point, refusal.targets || []) : L.cannotGo(point);
  }
  if (side === null) return L.noPiece(point);
  return L.theirPiece[at.sideName];
}
