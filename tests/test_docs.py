"""The examples in the package docstring run as written."""

import doctest

import kriegsspiel


def test_package_docstring_examples():
    result = doctest.testmod(kriegsspiel)
    assert result.attempted >= 4 and result.failed == 0
