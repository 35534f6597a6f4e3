"""The Zohn Ahl commands (``zohn-ahl.*``; each one is described in ``spec/protocol.md``).

The game's modules are imported by the first command that needs them, so a page with an
Awithlaknannai board never loads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

from engine.core import EngineError, OptionError
from engine.protocol import arguments, replays
from engine.protocol.arguments import arg
from engine.protocol.envelope import MAX_TOKEN, Args, RequestError, Result

if TYPE_CHECKING:
    from fractions import Fraction

    from engine.view import ZohnAhlView
    from engine.zohn_ahl.session import ZohnAhlSession
    from engine.zohn_ahl.throws import Throw


#: The lab's figures for more counters are for the command line.
LAB_MAX_COUNTERS = 8


def _session(args: Args, first: int = 0) -> ZohnAhlSession:
    """The session of the request's record (the protocol's cache keeps the last one)."""
    from engine.zohn_ahl.session import ZohnAhlSession

    return replays.session_of(ZohnAhlSession, arguments.record_text(args), first)


def _view(session: ZohnAhlSession, args: Args, since: int | None) -> ZohnAhlView:
    """The view of ``session``, whose game the protocol's cache then keeps."""
    return replays.keep(session, session.view(_lang(args), since, arguments.teams(args)))


def _lang(args: Args) -> str | None:
    draw = arguments.draw(args)
    return None if draw is None else draw.lang


@overload
def _bias(args: Args, default: str, *, solver: bool = False) -> Fraction: ...
@overload
def _bias(args: Args, default: None = None, *, solver: bool = False) -> Fraction | None: ...
def _bias(args: Args, default: str | None = None, *, solver: bool = False) -> Fraction | None:
    """The optional ``bias``, as the reader typed it: a fraction ("1/3") or a decimal
    written with a point or a comma ("0.25", "0,25"); for the solver, strictly between 0
    and 1. An option error quoting the text as given otherwise."""
    from engine.zohn_ahl.solver import parse_solver_bias
    from engine.zohn_ahl.throws import parse_bias

    typed: str | None = arg(args, "bias", str, default, max_len=40)
    if typed is None:
        return None
    text = typed.strip()
    read = text.replace(",", ".") if text.count(",") == 1 and "." not in text else text
    try:
        return parse_solver_bias(read) if solver else parse_bias(read)
    except OptionError as err:
        reason = err.reason.replace(repr(read), repr(text)) if read != text else err.reason
        raise OptionError(reason, input=text, where="bias") from None


def _throws(text: str) -> tuple[Throw, ...]:
    from engine.zohn_ahl.throws import Throw

    throws = []
    for index, token in enumerate(text.split(), start=1):
        try:
            throws.append(Throw.parse(token))
        except EngineError as err:
            raise err.located(f"throw {index}") from None
    return tuple(throws)


def new(args: Args) -> ZohnAhlView:
    from engine.zohn_ahl.record import Record
    from engine.zohn_ahl.rulesets import Options
    from engine.zohn_ahl.session import ZohnAhlSession

    options = Options.from_dict(arg(args, "options", dict, {}))
    record = Record(
        options, _throws(arg(args, "throws", str, "")), arguments.seed(args), _bias(args)
    )
    since = arguments.since(args)
    return _view(ZohnAhlSession.replay(record, since or 0), args, since)


def load(args: Args) -> ZohnAhlView:
    since = arguments.since(args)
    return _view(_session(args, since or 0), args, since)


def throw(args: Args) -> ZohnAhlView:
    from engine.zohn_ahl.throws import Throw

    since = arguments.since(args)
    session = _session(args, since or 0)
    session.ensure_playable()
    given: str | None = arg(args, "throw", str, None, max_len=MAX_TOKEN)
    events = session.throw(None if given is None else Throw.parse(given.strip()))
    view = _view(session, args, since)
    session.tell_throw(view, events)
    return view


def undo(args: Args) -> ZohnAhlView:
    since = arguments.since(args)
    session = _session(args, max((since or 0) - 1, 0))
    session.undo(arguments.side(args, "to_turn_of"))
    return _view(session, args, since)


def probabilities(args: Args) -> Result:
    from engine.zohn_ahl import throws as za
    from engine.zohn_ahl.rulesets import get_ruleset

    table: str | None = arg(args, "table", str, None)
    ruleset: str | None = arg(args, "ruleset", str, None)
    if table is not None and ruleset is not None:
        raise RequestError("give 'table' or 'ruleset', not both", input=table, where="table")
    if table is None:
        table = get_ruleset(ruleset).table if ruleset else "sahe"
    if table not in za.TABLES:
        raise RequestError(
            f"table {table!r} is not one of: {', '.join(za.TABLES)}", input=table, where="table"
        )
    bias = _bias(args, "1/2")
    probs = za.throw_probabilities(table, bias)
    marked = za.marked_probabilities(bias)
    throws = [
        {
            "throw": str(t),
            "marked": t.marked,
            "sahe": t.sahe,
            "value": za.value(t, table),
            "extra": za.earns_extra(t, table),
            "p": str(probs[t]),
        }
        for t in za.Throw.all()
    ]
    return {
        "table": table,
        "bias": str(bias),
        "throws": throws,
        "values": {str(k): str(v) for k, v in za.value_probabilities(table, bias).items()},
        "marked": {str(k): str(v) for k, v in marked.items()},
        "marked_shares": {str(k): float(v) for k, v in marked.items()},
        "extra": str(za.extra_throw_probability(table, bias)),
    }


def chances(args: Args) -> Result:
    from engine.zohn_ahl.chances import game_chances
    from engine.zohn_ahl.record import Record

    record = Record.parse(arguments.record_text(args))
    return game_chances(record, _bias(args), arguments.lang(args))


def lab(args: Args) -> Result:
    from engine.zohn_ahl.chances import VARIANTS, counters_figures, lab_figures, prepare_lab
    from engine.zohn_ahl.rulesets import Options

    bias = _bias(args, "1/2", solver=True)
    lang = arguments.lang(args)
    part: str = arg(args, "part", str, "rulesets", max_len=20)
    if part == "counters":
        return counters_figures(bias, lang)
    if part not in ("rulesets", "prepare"):
        raise RequestError(
            f"part {part!r} is not 'rulesets', 'counters' or 'prepare'", input=part, where="part"
        )
    counters: int = arg(args, "counters", int, 4)
    if not 1 <= counters <= LAB_MAX_COUNTERS:
        raise RequestError(
            f"counters {counters} is not from 1 to {LAB_MAX_COUNTERS}",
            input=counters,
            where="counters",
        )
    ruleset: str | None = arg(args, "ruleset", str, None, max_len=20)
    length = bool(arg(args, "length", bool, False))
    variants: tuple[tuple[str, str], ...] = VARIANTS
    if ruleset is not None:
        options = Options.from_dict(
            {"ruleset": ruleset, "gully": arg(args, "gully", str, None, max_len=20)}
        )
        variants = ((options.ruleset, options.gully),)
    if part == "prepare":
        return prepare_lab(counters, variants)
    return lab_figures(
        bias, counters, variants, lang, charts=ruleset is None and length, length=length
    )
