"""Values the user puts right or changes in passing: "wait sorry its 2508 i always flip
it", "Shah wedding is 9 December, not 6 December - typo", "R450 for the 90 min private
now, still cheaper than the guys in Muizenberg"."""

from datetime import datetime

import pytest

from memcli.extract.corrections import correction_of
from memcli.extract.lexicon import change_said

WHEN = datetime(2026, 4, 29)


@pytest.mark.parametrize(("sentence", "value"), [
    ("wait sorry its 2508 i always flip it.", "2508"),
    ("sorry its 45 i keep mixing them up", "45"),
    ("no wait, 21!", "21"),
])
def test_a_value_taken_back_with_why_it_was_wrong_after_it(sentence, value):
    assert correction_of(sentence, WHEN) == (None, value)


@pytest.mark.parametrize("sentence", [
    "sorry, i meant the bike room",  # no value
    "no, my sister said so",
    "sorry its late, i always forget",  # no value either
])
def test_no_value_is_no_correction(sentence):
    assert correction_of(sentence, WHEN) is None


@pytest.mark.parametrize(("text", "change"), [
    ("User put their rates up, R450 for the 90 min private now, still cheaper than the guys in Muizenberg", "update"),
    ("User is at the library now, and still loving it", "update"),
    ("User is still at Shopify for now", None),  # a confirmation
    ("User is now still on nights", None),
])
def test_still_after_the_change_in_a_clause_of_its_own_is_about_something_else(text, change):
    assert change_said(text) == change


def _ingest(s, said):
    from memcli.ingest import Message, ingest

    for ts, text in said:
        ingest(s, "user:t", [Message(role="user", content=text, ts=ts, ref="")], source=ts)
    return [m.text for m in s.list_memories("user:t") if not m.episode and m.valid_until is None]


@pytest.mark.models
def test_a_code_taken_back_in_the_same_message_is_stored_right(db_path, real_embedder):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [("2026-04-29T19:42:00Z", "ok random but can u remember the door code for our building bc "
                              "i keep forgetting, its 2580. wait sorry its 2508 i always flip it. and the bike room "
                              "is 1397")])
    assert [t for t in active if "door code" in t and "2508" in t], active
    assert not [t for t in active if "2580" in t], active
    assert [t for t in active if "1397" in t], active  # what follows the correction is its own fact


@pytest.mark.models
def test_a_day_put_right_beside_the_wrong_one_replaces_it_in_its_record(db_path, real_embedder):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [
            ("2026-08-04T07:30:00Z", "December is pagal this year. Two big ones:\n- Shah wedding – Udaipur, "
             "6 December, 450 guests, palace venue\n- Fernandes wedding – Goa, 19 December, beach, 200 guests"),
            ("2026-08-04T07:38:53Z", "Arre sorry, Shah wedding is 9 December, not 6 December – typo, my fingers are "
             "faster than my brain"),
        ])
    assert [t for t in active if "Udaipur" in t and "2026-12-09" in t and "450 guests" in t], active
    assert not [t for t in active if "2026-12-06" in t and "not on 2026-12-06" not in t], active
    assert [t for t in active if "Fernandes" in t and "2026-12-19" in t], active  # the other wedding stays


@pytest.mark.models
def test_a_new_price_said_in_passing_replaces_the_old(db_path, real_embedder):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [
            ("2025-01-10T10:00:00Z", "I charge R350 for a 90 min private lesson, boards and wetsuit included."),
            ("2025-03-10T10:00:00Z", "season is pumping, i put my rates up, R450 for the 90 min private now, still "
             "cheaper than the guys in Muizenberg"),
        ])
    assert [t for t in active if "R450" in t], active
    assert not [t for t in active if "R350" in t], active


@pytest.mark.models
def test_the_wrong_figure_given_for_a_thing_is_put_right_in_its_record(db_path, real_embedder):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [
            ("2025-04-16T10:00:00Z", "Since then it's been a grey Gazelle e-bike, and it cost €2,400, which Tadhg has "
             "mentioned roughly once an hour. The flat is €1,320 a month."),
            ("2025-04-16T10:30:00Z", "Oh, and I gave you the wrong figure for the bike – it was €2,150 in the end."),
        ])
    assert [t for t in active if "e-bike" in t and "€2,150," in t], active
    assert not [t for t in active if "€2,400" in t], active
    assert [t for t in active if "€1,320" in t], active  # another thing's figure stays


@pytest.mark.models
def test_a_figure_put_right_after_a_label_names_no_one(db_path, real_embedder):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [
            ("2025-03-01T10:00:00Z", "Camp fee KSh 15,000 per month per athlete. 24 athletes in camp."),
            ("2025-03-01T10:20:00Z", "Small fix: camp fee is KSh 12,000, not 15,000."),
        ])
    assert [t for t in active if t.startswith("Camp fee KSh 12,000 per month")], active
    assert not [t for t in active if "15,000" in t and "not 15,000" not in t], active


@pytest.mark.models
@pytest.mark.parametrize(("said", "gone", "kept"), [
    ("You'll be proud of me, I've chucked the roll ups, it's just the vape now.", "roll ups", "amlodipine"),
    ("The doctor took me off the amlodipine because my ankles were swelling.", "on amlodipine", "roll ups"),
])
def test_what_the_user_chucked_or_was_taken_off_ends(db_path, real_embedder, said, gone, kept):
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [("2025-01-10T10:00:00Z", "I smoke about 20 roll ups a day. The doctor has me on amlodipine "
                              "for the blood pressure."), ("2025-04-10T10:00:00Z", said)])
    assert not [t for t in active if gone in t and "chucked" not in t and "took" not in t], active
    assert [t for t in active if kept in t], active


@pytest.mark.models
def test_a_day_put_right_minutes_later_in_other_words_replaces_it(db_path, real_embedder):
    """"I look ticket again, it say 14th not 12th": the words before the day say how the
    user found it; the one record said just before with the 12th is put right, the day
    as told too."""
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [
            ("2025-12-02T18:10:00Z", "hi! I book ticket to Đà Nẵng. EVA Air, fly out January 12th from IAH, via Taipei"),
            ("2025-12-02T18:13:10Z", "oh no wait, I look ticket again, it say 14th not 12th. January 14th."),
        ])
    assert [t for t in active if "EVA Air" in t and "2026-01-14 (January 14th)" in t], active
    assert not [t for t in active if "EVA Air" in t and "12th" in t], active


@pytest.mark.models
def test_a_day_put_right_whose_thing_is_named_in_the_clause_before(db_path, real_embedder):
    """"Wor Callum's birthday, a got it wrong last time, it's the 16th of March not the
    14th": whose birthday is said in the clause before the one that puts it right."""
    from memcli.api import MemoryStore

    with MemoryStore(db_path, real_embedder) as s:
        active = _ingest(s, [
            ("2025-02-11T19:20:00Z", "Two grandbairns: Callum, me grandson, he's nine, and the little one Ellie."),
            ("2025-02-11T19:23:17Z", "Callum's birthday's the 14th March, remind us nearer the time."),
            ("2025-05-20T10:30:00Z", "Summat to fix first. Wor Callum's birthday, a got it wrong last time, it's the "
                                     "16th of March not the 14th."),
        ])
    assert [t for t in active if "Callum's birthday" in t and "16th March" in t], active
    assert not [t for t in active if "Callum's birthday" in t and "14th March" in t], active
