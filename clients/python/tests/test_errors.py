"""The typed error read from problem bodies, offline."""
import json

from insetd_client import InsetdError, ProblemItem


def test_problem_items_keep_pointer_detail_and_suggestion() -> None:
    body = json.dumps({"type": "/problems/invalid-request", "title": "Invalid request", "status": 422,
                       "detail": "2 problems in the request body",
                       "errors": [{"pointer": "/devic", "detail": "unknown field \"devic\"; did you mean \"device\"?", "suggestion": "device"},
                                  {"pointer": "/root/subviews/0/frame/width", "detail": "expected a number, got a string"}]}).encode()
    error = InsetdError.from_answer(422, body)
    assert error.problems == [ProblemItem("/devic", "unknown field \"devic\"; did you mean \"device\"?", "device"),
                              ProblemItem("/root/subviews/0/frame/width", "expected a number, got a string", None)]
    assert error.pointers == ["/devic", "/root/subviews/0/frame/width"]
    assert "/devic" in str(error)


def test_a_404_suggestion_and_retry_after() -> None:
    error = InsetdError.from_answer(404, b'{"type":"/problems/not-found","title":"Not found","status":404,"detail":"unknown device","suggestion":"iphone-15-pro"}')
    assert (error.status, error.suggestion, error.problems) == (404, "iphone-15-pro", [])
    assert InsetdError.from_answer(503, b'{"status":503,"type":"/problems/overloaded"}', "1").retry_after == 1


def test_a_body_that_is_not_a_problem_keeps_its_text() -> None:
    error = InsetdError.from_answer(431, b"<html>Request header fields too large</html>")
    assert error.status == 431 and "too large" in error.detail
