"""engine.memo.Memo: answers kept by key, at most ``most`` of them."""

from kriegsspiel.engine.memo import Memo


def test_a_memo_keeps_answers_and_forgets_them_all_when_full():
    m = Memo(2)
    assert m.keep("a", 1) == 1 and m.get("a") == 1
    m.keep("b", 2)
    assert dict(m) == {"a": 1, "b": 2}
    m.keep("c", 3)  # full: the old answers go, the new one stays
    assert dict(m) == {"c": 3} and m.get("a") is None


def test_a_memo_of_a_source_forgets_what_another_source_gave():
    first, second = object(), object()
    m = Memo(8)
    m.of(first).keep("a", 1)
    assert m.of(first) is m and m.get("a") == 1
    assert m.of(second).get("a") is None and m.source is second
    m.keep("a", 2)
    assert m.of(second).get("a") == 2
