"""The typed error every insetd client call raises for a 4xx or 5xx answer."""
from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ProblemItem:
    """One problem of a request: where (a JSON Pointer into the request document, or `/name`
    for a query parameter), what, and the nearest allowed word when the server names one."""

    pointer: str
    detail: str
    suggestion: str | None = None


@dataclass
class InsetdError(Exception):
    """An `application/problem+json` answer (RFC 9457): its status, type, title and detail,
    every problem with its pointer, and `suggestion` and `Retry-After` where given."""

    status: int
    type: str = "about:blank"
    title: str = ""
    detail: str = ""
    problems: list[ProblemItem] = field(default_factory=list)
    suggestion: str | None = None
    retry_after: int | None = None

    def __post_init__(self) -> None:
        Exception.__init__(self, str(self))

    def __str__(self) -> str:
        lines = [f"{self.status} {self.title or self.type}: {self.detail}".rstrip(": ")]
        lines += [f"  {p.pointer or '(body)'}: {p.detail}" for p in self.problems]
        return "\n".join(lines)

    @property
    def pointers(self) -> list[str]:
        """The pointers of every problem, in the server's order."""
        return [p.pointer for p in self.problems]

    @classmethod
    def from_answer(cls, status: int, body: bytes, retry_after: str | None = None) -> "InsetdError":
        """The error an answer with `status` and `body` stands for; a body that is not a
        problem object (a libmicrohttpd protocol page) keeps its text as the detail."""
        try:
            problem = json.loads(body)
        except ValueError:
            problem = None
        if not isinstance(problem, dict):
            return cls(status=status, detail=body.decode("utf-8", "replace").strip(), retry_after=_seconds(retry_after))
        items = [
            ProblemItem(pointer=str(item.get("pointer", "")), detail=str(item.get("detail", "")), suggestion=item.get("suggestion"))
            for item in problem.get("errors") or []
            if isinstance(item, dict)
        ]
        return cls(
            status=int(problem.get("status", status)),
            type=str(problem.get("type", "about:blank")),
            title=str(problem.get("title", "")),
            detail=str(problem.get("detail", "")),
            problems=items,
            suggestion=problem.get("suggestion"),
            retry_after=_seconds(retry_after),
        )


def _seconds(value: str | None) -> int | None:
    return int(value) if value and value.strip().isdigit() else None
