"""The player's guide: headings become anchors, cites comments map the log's
citations to sections, and the comments never reach the reader."""

import pytest

from kriegsspiel.engine.guide import Guide

TEXT = """# A game

## 1. Setting up
<!-- cites: 1 2.1 -->
Put the pieces out.

## 2. Fighting
<!-- cites: 2 L100-L200 R3 -->
Roll dice.

### 2.1 Losses
<!-- cites: 2.4 L150-L160 -->
Take hits.

```
## not a heading
<!-- cites: 99 -->
```

## 3. Fighting
No cites here.
"""


def test_numbered_citations_find_the_longest_prefix():
    g = Guide(TEXT)
    assert g.find("2.1").title == "1. Setting up"  # named exactly by section 1
    assert g.find("2.4.3").title == "2.1 Losses"
    assert g.find("2.5").title == "2. Fighting"
    assert g.find("1").title == "1. Setting up"
    assert g.find("7") is None
    assert g.find("99") is None  # the comment inside a code block is text, not a mark


def test_line_and_ruling_citations_find_the_narrowest_range():
    g = Guide(TEXT)
    assert g.find("L155").title == "2.1 Losses"
    assert g.find("L120, L155").title == "2. Fighting"  # the first number counts
    assert g.find("L512-563") is None
    assert g.find("R3").title == "2. Fighting"
    assert g.find("R4") is None


def test_a_citation_reads_as_a_section_number_or_the_section_title():
    g = Guide(TEXT)
    assert g.cite("2.4") == {"cite": "§2.4", "guide": "2-1-losses"}
    assert g.cite("L101") == {"cite": "Fighting", "guide": "2-fighting"}
    assert g.cite("X9") == {"cite": "X9", "guide": None}


def test_anchors_are_unique_and_the_html_carries_them_without_the_comments():
    g = Guide(TEXT)
    anchors = [s.anchor for s in g.sections]
    assert len(anchors) == len(set(anchors))
    assert "3-fighting" in anchors
    html = g.html
    assert 'id="2-1-losses"' in html
    assert "cites:" not in html.replace("&lt;!-- cites: 99 --&gt;", "")
    assert "<!--" not in html


def test_a_section_is_given_with_its_subsections_for_the_terminal():
    g = Guide(TEXT)
    part = g.section("2")
    assert part.startswith("## 2. Fighting") and "Take hits." in part and "No cites" not in part
    assert g.section("losses").startswith("### 2.1 Losses")
    assert g.section("nothing like this") is None


def test_a_malformed_cites_comment_is_refused():
    with pytest.raises(ValueError, match="cannot read"):
        Guide("## 1. A\n<!-- cites: 1 ??? -->\n")
    with pytest.raises(ValueError, match="before any heading"):
        Guide("<!-- cites: 1 -->\n## 1. A\n")
