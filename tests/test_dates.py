"""resolve_dates: relative dates against a message's timestamp (memcli.dates)."""

from __future__ import annotations

from datetime import datetime

import pytest

from memcli.dates import resolve_dates

# Wednesday 2026-03-04
NOW = datetime(2026, 3, 4, 10, 30)
# Wednesday 2025-02-12
WED = datetime(2025, 2, 12, 20, 0)


@pytest.mark.parametrize("phrase,expected_text,expected_date", [
    ("today", "on 2026-03-04", datetime(2026, 3, 4)),
    ("yesterday", "on 2026-03-03", datetime(2026, 3, 3)),
    ("tomorrow", "on 2026-03-05", datetime(2026, 3, 5)),
    ("this Friday", "on 2026-03-06", datetime(2026, 3, 6)),
    ("next Friday", "on 2026-03-13", datetime(2026, 3, 13)),
    ("last Friday", "on 2026-02-27", datetime(2026, 2, 27)),
    ("next week", "during the week of 2026-03-09", datetime(2026, 3, 9)),
    ("last month", "in February 2026", datetime(2026, 2, 1)),
    ("next year", "in 2027", datetime(2027, 1, 1)),
    ("in 3 days", "on 2026-03-07", datetime(2026, 3, 7)),
    ("3 weeks ago", "on 2026-02-11", datetime(2026, 2, 11)),
    ("on March 3", "on 2026-03-03", datetime(2026, 3, 3)),
    ("March 3rd, 2025", "on 2025-03-03", datetime(2025, 3, 3)),
    ("on 3/14", "on 2026-03-14", datetime(2026, 3, 14)),
    ("in May", "in May 2026", datetime(2026, 5, 1)),
])
def test_resolve_dates(phrase, expected_text, expected_date):
    out, d = resolve_dates(f"it happens {phrase}", NOW)
    assert out == f"it happens {expected_text}"
    assert d == expected_date


def test_resolve_dates_first_date_and_no_date():
    out, d = resolve_dates("I flew out yesterday and come back next Friday", NOW)
    assert out == "I flew out on 2026-03-03 and come back on 2026-03-13"
    assert d == datetime(2026, 3, 3)
    assert resolve_dates("I may go", NOW) == ("I may go", None)


@pytest.mark.parametrize("phrase,expected", [
    ("on Friday next week", "on 2025-02-21"),
    ("Friday of next week", "on 2025-02-21"),
    ("on Thursday next week", "on 2025-02-20"),
    ("next week on Friday", "on 2025-02-21"),
    ("on Monday this week", "on 2025-02-10"),
    ("two weeks from today", "on 2025-02-26"),
    ("3 days from now", "on 2025-02-15"),
    ("on Saturday the 6th of September", "on 2025-09-06"),  # the weekday picks the year
    ("on Friday, March 7", "on 2025-03-07"),
    ("next summer", "in summer 2025"),
])
def test_compound_dates_resolve_once(phrase, expected):
    out, d = resolve_dates(f"it is {phrase}", WED)
    assert out == f"it is {expected}"
    assert d is not None and d.date().isoformat() in expected or "summer" in expected


def test_rescheduled_to_date_keeps_preposition():
    out, _ = resolve_dates("We postponed the wedding to September 19, 2026", WED)
    assert out == "We postponed the wedding to 2026-09-19"


def test_ordinal_day_of_month():
    out, d = resolve_dates("My flight is on the 14th", datetime(2025, 9, 10))
    assert out == "My flight is on 2025-09-14"
    out, _ = resolve_dates("I paid rent on the 5th", datetime(2025, 9, 10))
    assert out == "I paid rent on 2025-09-05"


@pytest.mark.parametrize("text,said,want", [
    ("our anniversary is October 2", "2025-05-10", "our anniversary is on October 2"),
    ("my mum's birthday is 14 July", "2025-05-10", "my mum's birthday is on 14 July"),
    ("our anniversary is the 18th of August", "2025-05-10", "our anniversary is on the 18th of August"),
    ("I was born on March 3", "2025-05-10", "I was born on March 3"),
])
def test_yearly_dates_keep_month_and_day_only(text, said, want):
    # in the user's words: a check, or a reader, finds the date as it was said
    out, when = resolve_dates(text, datetime.fromisoformat(said))
    assert out == want and when is None


@pytest.mark.parametrize("text,said,want", [
    ("the concert is on August 21", "2025-05-10", "2025-08-21"),  # later this year
    ("my flight is on 3 March", "2025-05-10", "2026-03-03"),  # a booking: its next occurrence
    ("the exam is on Jan 5", "2025-11-20", "2026-01-05"),
    ("the party was on March 3", "2025-05-10", "2025-03-03"),  # the past stays past
    ("I went to the concert on April 2", "2025-05-10", "2025-04-02"),
])
def test_a_bare_date_in_a_plan_is_its_next_occurrence(text, said, want):
    out, when = resolve_dates(text, datetime.fromisoformat(said))
    assert want in out and when is not None and when.date().isoformat() == want


def test_a_booking_is_in_the_future_even_in_the_past_tense():
    out, when = resolve_dates("Booked Detroit: flying out on March 24, back on March 27", datetime(2025, 2, 10))
    assert "2025-03-24" in out and "2025-03-27" in out
    assert "2025-01-24" in resolve_dates("I flew out on January 24", datetime(2025, 2, 10))[0]


@pytest.mark.parametrize("text", [
    "I work tuesday to saturday so sundays and mondays are my days off",
    "we're open wed-sun, closed mon & tue",
    "lessons on mondays and thursdays at 8am",
    "Monday through Friday I'm in the office",
    "Dutch class is Saturday mornings now",
])
def test_a_weekly_schedule_is_no_date(text):
    out, when = resolve_dates(text, datetime(2024, 10, 1))
    assert out == text and when is None


@pytest.mark.parametrize("text,want", [
    ("We are looking at 12 April for the wedding", "We are looking at 2026-04-12 for the wedding"),
    ("the table is booked for 12 April", "the table is booked for 2026-04-12"),  # "for" the day, not "on" it
    ("the deadline is 12 April", "the deadline is on 2026-04-12"),
])
def test_the_preposition_said_before_a_date_stays(text, want):
    assert resolve_dates(text, NOW)[0] == want


@pytest.mark.parametrize(("text", "want"), [
    ("need an agenda draft by Friday", "by 2025-09-26"),          # "need" is no verb in -ed
    ("I need the report by Friday", "by 2025-09-26"),
    ("speed matters, the demo is on Friday", "on 2025-09-26"),
    ("the chicken shed gets its roof on Friday", "on 2025-09-26"),
    ("I finished it on Friday", "on 2025-09-19"),               # a verb in -ed is past
])
def test_a_word_that_only_ends_in_ed_is_no_past_tense(text, want):
    out, _ = resolve_dates(text, datetime(2025, 9, 23, 10))
    assert want in out, out


def test_the_sat_as_a_name_is_no_past_tense():
    out, _ = resolve_dates("sat is march 8 and act is april 5", datetime(2025, 1, 14, 10))
    assert "2025-03-08" in out and "2025-04-05" in out, out
    out, _ = resolve_dates("I sat with her on Monday", datetime(2025, 1, 14, 10))
    assert "2025-01-13" in out, out


@pytest.mark.parametrize(("text", "want"), [("Sat got moved to may 3", "to 2025-05-03"),
                                            ("the exam is on may 3", "on 2025-05-03"),
                                            ("the party is may 3rd", "2025-05-03")])
def test_a_lowercase_may_after_a_preposition_is_the_month(text, want):
    out, _ = resolve_dates(text, datetime(2025, 2, 27))
    assert want in out, out


@pytest.mark.parametrize("text", ["i may 3 times try", "we may 2 it"])
def test_a_modal_may_is_no_month(text):
    assert resolve_dates(text, datetime(2025, 2, 27)) == (text, None)


@pytest.mark.parametrize("text", [
    "the beekeeping society meets 1st monday of the month",
    "society meets last thursday of the month now btw",      # "last" is no day gone here
    "We close Sunday, open Monday to Saturday 9:30 to 7.",   # opening hours
    "Now salon open on Sunday 11 to 5 because many customer ask",
    "they gave us old timers the early tuesday slot, 6:30",  # a weekly slot
])
def test_a_weekday_of_every_month_opening_hours_or_a_slot_is_no_date(text):
    assert resolve_dates(text, datetime(2025, 5, 20))[0] == text


@pytest.mark.parametrize(("text", "want"), [("the meeting is last Thursday", "on 2025-05-15"),
                                            ("see you on Monday", "on 2025-05-26")])
def test_one_weekday_is_still_a_date(text, want):
    assert want in resolve_dates(text, datetime(2025, 5, 20))[0]


def test_an_arrangement_still_to_come_is_in_the_future():
    out, _ = resolve_dates("I am to have a tooth extracted in July", datetime(2024, 6, 4))
    assert "July 2024" in out or "2024-07" in out, out


@pytest.mark.parametrize("text,want", [
    ("From the first of July I am nurse manager", "from 2026-07-01 I am nurse manager"),
    ("the party is on the twenty-first of June", "the party is on 2026-06-21"),
    ("SFO trip 2 wks from today", "SFO trip on 2026-04-06"),
    ("the christening is two weeks today", "the christening is on 2026-04-06"),
    ("the match is a week tomorrow", "the match is on 2026-03-31"),
    ("the exam is a fortnight today", "the exam is on 2026-04-06"),
    # the day words of a text message
    ("dentist tmrw 0730 before clinic", "dentist on 2026-03-24 0730 before clinic"),
    ("NP recert exam fri next wk, need a plan", "NP recert exam on 2026-04-03, need a plan"),
    ("ran 8k yday", "ran 8k on 2026-03-22"),
    ("see u on sat", "see u on 2026-03-28"),
    ("the quiz is on thurs", "the quiz is on 2026-03-26"),
    # how sure is not when; the article left out; "after next" is a week on
    ("The helicopter leaves in exactly ten days", "The helicopter leaves on 2026-04-02"),
    ("the exam is day after tomorrow", "the exam is on 2026-03-25"),
    ("Branding is the Saturday after next", "Branding is on 2026-04-04"),
    # the one after the one just said; the French "Monday week"
    ("the test is not this Friday, the Friday after", "the test is not on 2026-03-27, on 2026-04-03"),
    ("the test is lundi en huit", "the test is on 2026-04-06"),
    # a weekday, and which one, in the languages users mix in
    ("Rendez-vous à la Préfecture jeudi de la semaine prochaine", "Rendez-vous à la Préfecture on 2026-04-02"),
    ("el jueves que viene tengo cita", "on 2026-03-26 tengo cita"),
    ("rencana mudik ke Solo hari Kamis ini", "rencana mudik ke Solo on 2026-03-26"),
    ("nächsten Donnerstag Termin", "on 2026-03-26 Termin"),
    ("mercredi dernier j'ai couru", "on 2026-03-18 j'ai couru"),
    ("minggu depan gue pulang", "minggu depan gue pulang"),  # a week, not a Sunday
    # a fortnight when it says when; a fortnight spent is how long
    ("passed my cannulation competency a fortnight ago", "passed my cannulation competency on 2026-03-09"),
    ("the results come in a fortnight", "the results come on 2026-04-06"),
    ("we spent a fortnight in Spain", "we spent a fortnight in Spain"),
    ("le jeudi est calme", "le jeudi est calme"),  # which Thursday is not said
    # a bare day after a day and its month is of that month
    ("LH 569 on 6 January, arriving early on the 7th", "LH 569 on 2026-01-06, arriving early on 2026-01-07"),
    ("the party is on the 28th", "the party is on 2026-03-28"),
    ("it is the 18th of August, not the 14th", "it is on 2026-08-18, not the 14th"),  # a day taken back is left
    ("Lorna's comin doon on the 2nd o next month", "Lorna's comin doon on 2026-04-02"),
    # a span after "first" or a negation is still when, unless it says how long
    ("my first marathon is in 3 weeks", "my first marathon is on 2026-04-13"),
    ("can't wait to see you in 3 weeks", "can't wait to see you on 2026-04-13"),
    # a deadline is to come, whatever tense the sentence goes on in
    ("he wants a new amuse-bouche from me by friday, his exact words were 'fennel'",
     "he wants a new amuse-bouche from me by 2026-03-27, his exact words were 'fennel'"),
])
def test_a_date_said_in_words_the_rules_read_in_figures(text, want):
    assert resolve_dates(text, datetime(2026, 3, 23, 10))[0] == want


@pytest.mark.parametrize("text", ["first of all, thanks", "it was the first time", "my first week at work",
                                  "first wk done at Birchmount", "I sat on the sun lounger", "the sat nav died",
                                  "we're open wed-sun, closed mon & tue",
                                  "two weeks of today's news", "the second of two sons",
                                  "in about three weeks, maybe", "the day after that",
                                  # how long, not when
                                  "haven't had a smoke in 3 weeks", "first time in two years I ran a 10k"])
def test_an_ordinal_or_weeks_that_are_no_date_stay(text):
    assert resolve_dates(text, datetime(2026, 3, 23, 10))[0] == text


@pytest.mark.parametrize("text", [
    # a rule that reads around its match reads the text it matched in, after earlier
    # rules set their dates aside ("thursdays" is kept by a rule before "tuesday" is read)
    "fives is thursdays at the dome, tuesday never worked w kez's shifts",
    "we train thursdays now, friday doesn't work for me",
    "the market is on saturdays, sunday is always dead",
])
def test_a_weekday_said_of_every_week_stays_whatever_comes_before_it(text):
    assert resolve_dates(text, NOW)[0] == text


@pytest.mark.parametrize("text,want", [
    ("the launch is apr 23, sorry, I mean apr 30, 23 was the review deadline", "on 2026-04-30"),
    ("the race was on March 3, sorry, I mean March 10", "on 2026-03-10"),
])
def test_a_date_said_again_to_correct_one_is_on_its_side_of_today(text, want):
    assert want in resolve_dates(text, datetime(2026, 2, 19, 21) if "launch" in text else datetime(2026, 6, 19))[0]


@pytest.mark.parametrize("text,want", [
    ("I follow on AA2417 09AUG 1415 after duty", "I follow on AA2417 on 2025-08-09 1415 after duty"),
    ("We leave 05JAN26, 7 months.", "We leave on 2026-01-05, 7 months."),
    ("the AUG26 batch", "the AUG26 batch"),  # a month and a year, no day
    ("flight on Aug 9 0810", "flight on 2025-08-09 0810"),  # a time in figures is no year
])
def test_a_day_written_as_in_the_forces_is_read(text, want):
    assert resolve_dates(text, datetime(2025, 7, 15, 22))[0] == want


@pytest.mark.parametrize(("said", "resolved"), [
    ("As of the first of this month, I work at Bluestem.", "as of 2026-03-01, I work at Bluestem."),
    ("from the 15th of next month", "from 2026-04-15"),
    ("it ended on the third of last month", "it ended on 2026-02-03"),
    ("As of March 1 I work at Bluestem.", "as of 2026-03-01 I work at Bluestem."),
])
def test_a_day_of_this_next_or_last_month(said, resolved):
    from memcli.dates import resolve_dates
    assert resolve_dates(said, datetime(2026, 3, 10, 12, 0))[0] == resolved


def test_the_first_of_the_month_is_every_months():
    from memcli.dates import resolve_dates
    assert resolve_dates("Rent is due on the first of the month.", datetime(2026, 3, 10))[0] == \
        "Rent is due on the first of the month."


def test_next_months_day_in_december_is_in_the_next_year():
    from memcli.date_words import month_named
    assert month_named("the 2nd of next month", datetime(2026, 12, 20)) == "the 2nd of January 2027"


@pytest.mark.parametrize(("said_on", "expected"), [
    (datetime(2025, 9, 14), "in summer 2025"),   # a fortnight after it ended: the one just gone
    (datetime(2025, 4, 10), "in summer 2025"),   # before it: the coming one
    (datetime(2025, 7, 1), "in summer 2025"),    # during it
    (datetime(2025, 11, 20), "in summer 2026"),  # long after: the next
])
def test_this_summer_is_the_one_just_gone_only_soon_after_it(said_on, expected):
    out, _ = resolve_dates("she was lifeguarding this summer", said_on)
    assert out == f"she was lifeguarding {expected}"


@pytest.mark.parametrize("text,want", [
    ("A package of Carniolans to be picked up April 13 in Medina.", "2024-04-13"),
    ("The car to be serviced on May 3 at the garage.", "2024-05-03"),
    # a past before it keeps the day gone by
    ("I was glad to be invited on February 3.", "2024-02-03"),
])
def test_a_thing_to_be_done_on_a_day_is_to_come(text, want):
    out, when = resolve_dates(text, datetime(2024, 3, 2, 15, 0))
    assert when is not None and when.date().isoformat() == want, out
