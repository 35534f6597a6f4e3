"""The reference reader and writer of hand-in codes (``spec/hand-in-code.md``).

The site's one implementation is the page's script
``docs/assets/js/answers/hand-in-code.js``; this twin exists so that the tests can check
the script against a second reading of the specification (round trips both ways, every
single-character typo). The build does not use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
FORMAT = 1
CRC_POLY = 0x4599
MAX_NAME_BYTES = 15
MAX_TRIES = 15
MAX_TALLY = 2047
MIN_LENGTH = 10


@dataclass
class HandIn:
    lesson: int
    version: int
    tries: list[int]
    tally: list[int] | None = None
    name: str = ""
    extra: dict[str, object] = field(default_factory=dict)


def crc15(bits: list[int]) -> int:
    crc = 0
    for bit in bits:
        top = (crc >> 14) & 1
        crc = (crc << 1) & 0x7FFF
        if top ^ bit:
            crc ^= CRC_POLY
    return crc


def _put(bits: list[int], value: int, width: int) -> None:
    bits.extend((value >> i) & 1 for i in range(width - 1, -1, -1))


# JavaScript's \s (and trim()), which Python's \s and str.strip() do not match exactly
_JS_SPACE = "[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]"


def fit_name(name: str) -> str:
    """A name cut to whole characters within MAX_NAME_BYTES bytes of UTF-8, its spaces
    trimmed and each run of them made one space (as the page's script does)."""
    out = ""
    trimmed = re.sub(f"^{_JS_SPACE}+|{_JS_SPACE}+$", "", name)
    for ch in re.sub(f"{_JS_SPACE}+", " ", trimmed):
        if len((out + ch).encode("utf-8")) > MAX_NAME_BYTES:
            break
        out += ch
    return out.rstrip(" ")


def encode(h: HandIn) -> str:
    bits: list[int] = []
    _put(bits, FORMAT, 3)
    _put(bits, h.lesson & 0x3FF, 10)
    _put(bits, h.version & 0x3FF, 10)
    _put(bits, len(h.tries), 6)
    for t in h.tries:
        _put(bits, max(0, min(MAX_TRIES, t)), 4)
    _put(bits, 1 if h.tally else 0, 1)
    if h.tally:
        for n in h.tally:
            _put(bits, max(0, min(MAX_TALLY, n)), 11)
    name = fit_name(h.name).encode("utf-8")
    _put(bits, len(name), 4)
    for byte in name:
        _put(bits, byte, 8)
    while len(bits) % 5:
        bits.append(0)
    _put(bits, crc15(bits), 15)
    text = "".join(
        ALPHABET[int("".join(map(str, bits[i : i + 5])), 2)] for i in range(0, len(bits), 5)
    )
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def normalise(text: str) -> str:
    s = re.sub(r"[\s\-\u2010\u2011\u2013\u2014_.]", "", text.upper())
    return s.replace("O", "0").replace("I", "1").replace("L", "1")


def _bits(chars: str) -> list[int]:
    bits: list[int] = []
    for ch in chars:
        _put(bits, ALPHABET.index(ch), 5)
    return bits


def _crc_ok(bits: list[int]) -> bool:
    if len(bits) < 20:
        return False
    return crc15(bits[:-15]) == int("".join(map(str, bits[-15:])), 2)


def _parse(bits: list[int]) -> HandIn | None:
    end = len(bits) - 15
    at = 0

    def take(width: int) -> int:
        nonlocal at
        if at + width > end:
            raise ValueError("short")
        v = int("".join(map(str, bits[at : at + width])), 2) if width else 0
        at += width
        return v

    try:
        if take(3) != FORMAT:
            return None
        lesson, version = take(10), take(10)
        tries = [take(4) for _ in range(take(6))]
        tally = [take(11) for _ in range(5)] if take(1) else None
        raw = bytes(take(8) for _ in range(take(4)))
        if end - at >= 5 or any(bits[at:end]):
            return None
        return HandIn(lesson, version, tries, tally, raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None


def decode(text: str) -> dict[str, object]:
    """``{"ok": True, "hand_in": HandIn, "code": ...}`` or ``{"ok": False, "why": ...}``
    exactly as the page's script answers (``at`` is 1-based)."""
    chars = normalise(text)
    if not chars:
        return {"ok": False, "why": "empty"}
    bad = "".join(dict.fromkeys(ch for ch in chars if ch not in ALPHABET))
    if bad:
        return {"ok": False, "why": "chars", "chars": bad}
    groups = [g for g in re.split(r"[\s\-\u2010\u2011\u2013\u2014_.]+", text.strip()) if g]
    if len(chars) < MIN_LENGTH or (len(groups) > 1 and any(len(g) > 4 for g in groups)):
        return {"ok": False, "why": "format"}
    bits = _bits(chars)
    if not _crc_ok(bits):
        places = set()
        for i in range(len(chars)):
            for ch in ALPHABET:
                if ch == chars[i]:
                    continue
                fixed = _bits(chars[:i] + ch + chars[i + 1 :])
                if _crc_ok(fixed) and _parse(fixed):
                    places.add(i)
        if len(places) == 1:
            return {"ok": False, "why": "typo", "at": places.pop() + 1}
        return {"ok": False, "why": "typo"}
    hand_in = _parse(bits)
    if hand_in is None:
        return {"ok": False, "why": "format"}
    return {
        "ok": True,
        "hand_in": hand_in,
        "code": "-".join(chars[i : i + 4] for i in range(0, len(chars), 4)),
    }
