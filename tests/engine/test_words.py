"""engine.words: the games' lists of names."""

from kriegsspiel.engine.words import series


def test_a_series_of_names_reads_as_english():
    """A team of three wins as "France, Austria and Spain" (it read "France and Austria and Spain")."""
    assert series([]) == ""
    assert series(["France"]) == "France"
    assert series(iter(["France", "Austria"])) == "France and Austria"
    assert series(["France", "Austria", "Spain"]) == "France, Austria and Spain"
