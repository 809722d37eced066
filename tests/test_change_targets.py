"""What a change replaces when it shares no slot with the old fact: a weekday or a
month as the value that changed, a "from A to B" that names the old value, a
"stopped X" that names what ends; and the subject a casual message leaves out
("living in Halifax these days"). Each family with the look-alikes it must leave
alone."""

from datetime import datetime

import pytest

from memcli.api import MemoryStore
from memcli.claims import differences, parse
from memcli.extract import extract_facts
from memcli.extract.lexicon import amount_replaced, replacement
from memcli.ingest import Message, ingest
from memcli.models import Memory
from memcli.write import Candidate, Neighbour, decide_by_rules

NOW = datetime(2025, 5, 1, 12)


def _near(text: str, similarity: float, **kw) -> Neighbour:
    return Neighbour(Memory(id="old1", scope="user:t", kind=kw.pop("kind", "semantic"), text=text, **kw), similarity)


def _tell(store: MemoryStore, scope: str, said: list[tuple[str, str]]) -> list[str]:
    """Ingest each (message, timestamp) as its own file, in order; the active facts after."""
    for i, (text, ts) in enumerate(said):
        ingest(store, scope, [Message(role="user", content=text, ts=ts, ref=f"m{i}")], source=f"s{i}")
    return [m.text for m in store.list_memories(scope) if not m.episode]


# -- weekdays are part of what a claim says -----------------------------------------

def test_a_weekday_makes_two_claims():
    assert differences("The bins go out on Monday", "The bins go out on Thursday") == ["weekday 0 vs 3"]
    assert differences("Open wed-sun, closed mon & tue", "Open tue-sat") != []
    assert not differences("yoga on Mondays", "Yoga on mondays")


@pytest.mark.parametrize("text", ["We sat down with a coffee", "The sun was out all day", "They wed in May"])
def test_a_short_weekday_form_alone_is_a_word(text):
    assert parse(text).weekdays == frozenset()


def test_a_schedule_said_again_with_other_days_replaces_the_old_one():
    old = _near("User works tuesday to saturday so sundays and mondays are their days off", 0.62)
    new = Candidate(text="User and family are open wed-sun, closed mon & tue so those are their days off now",
                    change="update")
    op, target, _ = decide_by_rules(new, [old])
    assert (op, target) == ("UPDATE", old)


def test_another_activity_on_another_day_replaces_nothing():
    old = _near("User has yoga on Mondays", 0.45)
    op, _, _ = decide_by_rules(Candidate(text="User swims on Fridays now", change="update"), [old])
    assert op == "ADD"


@pytest.mark.parametrize(("old", "new"), [
    ("Ended up with a Yaris hybrid, Sam's dad found it", "Yaris lives 2 streets away now"),
    ("User keeps bees at the allotment", "User keeps bees at the allotment, 3 hives now"),
    ("User's choir meets at St Mary's church", "User's choir meets on Thursday now"),
])
def test_a_value_added_where_the_old_fact_had_none_replaces_nothing(old, new):
    """More said of the same thing is not another value of it: both stay."""
    op, target, why = decide_by_rules(Candidate(text=new, change="update"), [_near(old, 0.52)])
    assert (op, target) == ("ADD", None), why


@pytest.mark.parametrize(("old", "new"), [
    ("User's rent is 1,650 euro a month", "User's rent went up to 2,100 euro a month now"),
    ("User's choir meets on Tuesday", "User's choir meets on Thursday now"),
])
def test_a_value_given_another_replaces_it(old, new):
    op, target, _ = decide_by_rules(Candidate(text=new, change="update"), [_near(old, 0.52)])
    assert (op, target.memory.text if target else None) == ("UPDATE", old)


def test_the_car_stays_when_where_it_is_parked_is_said(real_embedder, tmp_path):
    """A terse turn about where the new car is parked keeps the car it is."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:n", [
        Message(role="user", content="corsa finally died on the m60. ended up w a yaris hybrid, sams dad found it. "
                "so quiet", ts="2024-11-20T21:05:00Z", ref="a1"),
        Message(role="assistant", content="Sorry about the Corsa, but a Yaris hybrid is a great choice.",
                ts="2024-11-20T21:06:12Z", ref="a2")], source="s1")
    ingest(store, "user:n", [
        Message(role="user", content="new place in didsbury has zero parking. yaris lives 2 streets away now",
                ts="2025-03-08T10:15:00Z", ref="b1"),
        Message(role="assistant", content="Congratulations on the new place in Didsbury!", ts="2025-03-08T10:16:10Z",
                ref="b2")], source="s2")
    current = [m.text for m in store.list_memories("user:n") if m.valid_until is None and m.retired_at is None]
    assert any("hybrid" in t.lower() for t in current), current
    store.close()


# -- "from A to B" names the old value ------------------------------------------------

def test_from_a_to_b_replaces_the_record_that_says_a():
    busan = _near("User's girlfriend Min-ji's parents live in Busan and do not speak much English", 0.47)
    other = _near("User and Min-ji are flying to Seoul in September", 0.52)
    new = Candidate(text="Her parents moved from Busan to Daejeon in 2024", change="update")
    op, target, reason = decide_by_rules(new, [other, busan])
    assert (op, target) == ("UPDATE", busan) and "Busan" in reason


@pytest.mark.parametrize(("old", "new"), [
    # already says the new value: nothing to replace
    ("User's parents live in Daejeon, near Busan", "Her parents moved from Busan to Daejeon"),
    # says nothing of the old value
    ("User's sister lives in Seoul", "Her parents moved from Busan to Daejeon"),
])
def test_from_a_to_b_leaves_other_records_alone(old, new):
    op, _, _ = decide_by_rules(Candidate(text=new, change="update"), [_near(old, 0.5)])
    assert op == "ADD"


# -- a new amount said beside its old one -------------------------------------------

@pytest.mark.parametrize(("said", "old", "new"), [
    ("Down to 221 from 238, my jeans are falling off", "238", "221"),
    ("1,350 now, up from 1,200", "1,200", "1,350"),
    ("new PB 1:01.7 (was 1:02.9)", "1:02.9", "1:01.7"),
    ("the premium went up to R5,400 from R4,900", "R4,900", "R5,400"),
])
def test_a_new_amount_beside_the_old_names_the_old_value(said, old, new):
    assert replacement(said) == (old, new)


@pytest.mark.parametrize("said", ["I went down to the shop from work", "born in 1990, up from nothing",
                                  "2 hours down the road from Leeds"])
def test_a_way_from_one_place_to_another_is_no_amount(said):
    assert replacement(said) is None


def test_a_new_amount_retires_the_record_of_the_old_one_however_far(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    current = _tell(store, "user:w", [
        ("A1c came back 6.9. I weigh 238, which she also had opinions about.", "2024-06-18T16:33:01Z"),
        ("Ana's weight is down to 80 from 85, she is thrilled", "2024-09-01T10:00:00Z"),
        ("this is finally working. Down to 221 from 238, my jeans are falling off.", "2025-01-28T18:07:18Z")])
    assert not any("238," in t for t in current), current  # the old weight is history
    assert any("221" in t for t in current) and any("80 from 85" in t for t in current)
    # the new amount is the slot's new value: keyed as the old one was
    assert [m.key for m in store.list_memories("user:w") if "221" in m.text and not m.episode] == ["weight"]
    store.close()


def test_a_new_amount_of_another_thing_leaves_a_far_record_of_the_same_amount():
    """The old amount alone does not name a record the vectors put far: "the bike" is no rent."""
    rent = _near("User's rent is 1,200 for the room", 0.1)
    weight = _near("User weighs 238, which she also had opinions about", 0.1)
    bike = Candidate(text="The bike went down to 900 from 1,200", change="update")
    assert decide_by_rules(bike, [rent])[0] == "ADD"
    op, target, _ = decide_by_rules(Candidate(text="Down to 221 from 238", change="update"), [weight])
    assert (op, target) == ("UPDATE", weight)


def test_someone_elses_new_amount_is_theirs():
    assert amount_replaced("Down to 221 from 238")
    assert not amount_replaced("his weight is down to 80 from 85")
    assert not amount_replaced("Ana's rent went up to 900 from 850")
    assert amount_replaced("It's 1,350 now, up from 1,200")


def test_a_route_is_no_change():
    """"from Oslo to Bergen" without a change cue is a trip, not a move."""
    out = decide_by_rules(Candidate(text="User's flight goes from Oslo to Bergen"), [_near("User lives in Oslo", 0.5)])
    assert out is None or out[0] == "ADD"


@pytest.mark.parametrize(("said", "pair"), [
    ("Dr Whitcombe, who has taken over Dr Anand's patients since his retirement, has asked User to ...",
     ("Dr Anand", "Dr Whitcombe")),
    ("User swapped the Pegasus for Hoka Clifton 9s", ("Pegasus", "Hoka")),
    ("Ms Patel was replaced by Mr Obi as head of year", ("Ms Patel", "Mr Obi")),
    ("User moved from Leeds to York", ("Leeds", "York")),
])
def test_a_replacement_names_the_old_value_and_the_new(said, pair):
    assert replacement(said) == pair


@pytest.mark.parametrize("said", ["User took over the cooking", "Anna took the bus over the bridge",
                                  "User replaced the batteries", "the team has taken over the office"])
def test_a_replacement_must_name_both(said):
    assert replacement(said) is None


@pytest.mark.parametrize("said", ["But the train from Munich to Augsburg every day is 45 minutes",
                                  "the drive from Cork to Kinsale is 40 mins", "it's 2 hours from Leeds to York",
                                  "I work from Monday to Friday", "the shop is open from 9 to 5"])
def test_a_way_or_a_span_from_one_to_another_is_no_replacement(said):
    assert replacement(said) is None


@pytest.mark.parametrize(("said", "pair"), [
    ("the flight got moved from Tuesday to Friday", ("Tuesday", "Friday")),
    ("practice moved from tuesday to thursday", ("tuesday", "thursday")),
    ("my commute went from 20 to 55 minutes", ("20", "55")),
])
def test_a_change_said_before_a_way_or_a_span_is_a_replacement(said, pair):
    assert replacement(said) == pair


def test_the_way_to_work_retires_no_evening_class(real_embedder, tmp_path):
    """"The train from Munich to Augsburg every day is 45 minutes" is a journey, not a new
    value of the German course (both said "every"): the course stays until its own change."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    current = _tell(store, "user:k", [
        ("Also I go to German course B1 every Monday evening at Volkshochschule.", "2024-01-23T10:00:00Z"),
        ("But the train from Munich to Augsburg every day is 45 minutes, I am tired.", "2024-10-14T17:51:35Z")])
    assert any("German course B1 every Monday" in t for t in current), current
    assert any("train from Munich to Augsburg" in t for t in current), current
    store.close()


def test_taking_over_a_persons_role_replaces_the_record_of_them():
    anand = _near("User's doctor is Dr Anand at the Roslyn Medical Centre", 0.45)
    other = _near("User takes warfarin for atrial fibrillation", 0.5)
    new = Candidate(text="Dr Whitcombe, who has taken over Dr Anand's patients since July, has asked User to keep "
                         "a record of their INR readings", change="update")
    op, target, _ = decide_by_rules(new, [other, anand])
    assert (op, target) == ("UPDATE", anand)


# -- "stopped X" names what ends ------------------------------------------------------

def test_stopping_a_named_thing_retires_the_record_of_it():
    work = _near("Ian offered User some annotation work: 6 hours a week at £18 an hour", 0.43)
    new = Candidate(text="User has stopped the annotation work, no time with teaching", change="delete")
    op, target, _ = decide_by_rules(new, [work])
    assert (op, target) == ("DELETE", work)


@pytest.mark.parametrize("old", ["User takes guitar lessons on Tuesdays", "User does not do annotation work",
                                 "User has stopped the annotation work"])
def test_stopping_leaves_other_things_alone(old):
    """Another thing, a negation, an end said of less: nothing to retire, and the end
    itself is kept (it says more than what is stored)."""
    new = Candidate(text="User stopped the annotation work and the piano lessons", change="delete")
    op, target, _ = decide_by_rules(new, [_near(old, 0.5)])
    assert (op, target) == ("ADD", None)


@pytest.mark.parametrize("old", ["User has stopped the annotation work", "User does not do the annotation work"])
def test_an_end_already_stored_is_not_stored_twice(old):
    new = Candidate(text="User stopped the annotation work", change="delete")
    op, _, _ = decide_by_rules(new, [_near(old, 0.5)])
    assert op == "NOOP"


def test_an_end_with_nothing_to_retire_is_kept_and_makes_an_older_plan_history(tmp_path, real_embedder):
    """Sessions ingested out of order: "lisbon's a no" arrives before the plan it ends."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:kai", [Message(role="user", content="anyway lisbon's a no, travel funding got cut.",
                                       ts="2025-02-06T20:11:12Z", ref="b1")], source="s2")
    ingest(store, "user:kai", [Message(role="user", content="and I'm going to a conference in lisbon in may!!",
                                       ts="2024-09-08T17:29:01Z", ref="a1")], source="s1")
    active = [m.text for m in store.list_memories("user:kai") if m.kind != "episodic"]
    assert any("a no" in t for t in active), active
    assert not any("going to a conference" in t for t in active), active


# -- the subject a casual message leaves out ---------------------------------------------

@pytest.mark.parametrize(("said", "key", "value"), [
    ("living in Halifax these days", "home_city", "Halifax"),
    ("Head chef now at a tiny place called Maison Olea in Aix, 28 covers", "employer", "Maison Olea"),
    ("now at Brightline, the agency on Barrington St", "employer", None),
])
def test_a_state_without_its_subject_is_the_users(said, key, value):
    facts = extract_facts(said, NOW).facts
    assert any(f.key == key and (value is None or f.value == value) for f in facts), [(f.text, f.key) for f in facts]


@pytest.mark.parametrize("said", ["working from home is great", "Still raining here", "Off to bed",
                                  "The manager at the shop was rude", "Teacher at my kid's school called me",
                                  "Still Saturday mornings"])
def test_a_sentence_with_its_own_subject_or_verb_is_not_given_one(said):
    assert all(not f.text.startswith("User is") for f in extract_facts(said, NOW).facts)


def test_a_new_job_said_in_passing_replaces_the_old_one_end_to_end(real_embedder, tmp_path):
    """With the real embedder, through ingest: the employer slot moves on."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    ingest(store, "user:dana", [Message(role="user", content="I'm a dental hygienist at Saguaro Family Dental, "
                                        "full time.", ts="2024-03-01T10:00:00Z", ref="a1")], source="s1")
    ingest(store, "user:dana", [Message(role="user", content="Big news: I'm at a new practice, Desert Bloom Dental, "
                                        "four days a week.", ts="2025-02-01T10:00:00Z", ref="b1")], source="s2")
    current = [m.text for m in store.list_memories("user:dana", key="employer")]
    assert current == ["User works at Desert Bloom Dental"]
    store.close()


# -- "not ... anymore" contradicts what it denies; a date moved is a change -------------

def test_not_there_anymore_contradicts_living_there():
    from memcli.claims import contradicts
    assert contradicts("User's brother Marek lives in Gdańsk", "User's brother Marek is not in Gdańsk anymore")
    assert contradicts("User works at Kroger", "User no longer works at Kroger")
    assert not contradicts("User's brother Marek lives in Gdańsk", "User's sister Ola is not in Gdańsk anymore")


@pytest.mark.parametrize("said", ["we pushed the wedding to June", "the dentist moved my appointment to next Tuesday",
                                  "Fiji sailing has been shifted to the 12th of March"])
def test_a_date_moved_is_a_change(said):
    assert any(f.change == "update" for f in extract_facts(said, NOW).facts)


@pytest.mark.parametrize("said", ["I moved the couch to the bedroom", "she pushed the meeting to Friday"])
def test_moving_a_thing_or_someone_elses_date_is_no_change_of_the_users(said):
    assert all(f.change != "update" for f in extract_facts(said, NOW).facts)


def test_a_weekday_acronym_is_not_a_date():
    facts = extract_facts("the SAT got moved to May 3", NOW).facts
    assert facts and all("SAT" in f.text for f in facts)


# -- a change found by similarity alone never retires what else a record says ----------

def test_a_job_change_keeps_the_record_that_also_names_the_kids():
    kids = _near("User is a dental hygienist, two kids, Leo is 7 and Mia is 4, so evenings are chaos", 0.66)
    new = Candidate(text="User is a hygienist at a new practice now, four days a week", change="update")
    op, target, reason = decide_by_rules(new, [kids])
    assert (op, target) == ("ADD", None)
    assert "Leo" in reason and "both kept" in reason


def test_a_record_about_the_old_value_alone_is_still_replaced():
    """Its other parts say only what belongs to the old value: a name, the years there."""
    old = _near("User is Inès, sous chef at Le Poisson Rouge in marseille, been there 3 yrs", 0.62)
    new = Candidate(text="Head chef now at a tiny place called Maison Olea in Aix, 28 covers", change="update")
    assert decide_by_rules(new, [old])[:2] == ("UPDATE", old)
    school = _near("User's son Theo goes to kinderopvang De Vlindertuin three days a week", 0.61)
    moved = Candidate(text="User's son Theo is at basisschool De Regenboog now", change="update")
    assert decide_by_rules(moved, [school])[:2] == ("UPDATE", school)


# -- a value corrected inside its own sentence ---------------------------------------

@pytest.mark.parametrize(("said", "stored", "gone"), [
    ("My rate with them is 12p a word - sorry, 11p", "11p a word", "12p"),
    ("the gate code is 4412, sorry, 4421", "4421", "4412"),
    ("the flight is on the 14th (sorry, 15th) at 9am", "2025-05-15", "14th"),
    # in other words: no comma before the words that take it back, and only why it was wrong after
    ("the pigeon club meeting is on the 12th sorry I mean the 19th, the 12th is wrong", "2025-05-19", "05-12"),
    # an aside before "it's" says the value again
    ("the letter says it's on the 9th, no hang on I've got it the wrong way up, it's the 16th, at the Heath",
     "2025-05-16", "05-09"),
    ("Okonjo's lease ends March 31, wait no, April 30, I just checked the file", "04-30", "03-31"),
    ("the party is Saturday, no wait, Sunday", "2025-05-04", "2025-05-03"),
    ("the gate code is 4412 sorry 4421 I always mix them up", "4421", "4412"),
    ("the exam is on the 3rd, no, the 4th", "2025-05-04", "05-03"),
    ("we have 2 dogs no wait 3 dogs", "have 3 dogs", "dogs dogs"),
    ("the place is 4200 acres no wait scratch that its 4800 deeded", "4800 acres deeded", "4200"),
    ("the place is 4200 acres, sorry, I meant 4800", "4800 acres", "4800acres"),
])
def test_a_value_corrected_in_its_sentence_is_stored_corrected(said, stored, gone):
    ex = extract_facts(said, NOW)
    texts = " | ".join(f.text for f in ex.facts)
    assert stored in texts and gone not in texts, texts
    assert "wrong" not in texts and "always mix" not in texts, texts  # why it was wrong is no fact
    assert any(d.reason.startswith("a correction") for d in ex.discarded)


@pytest.mark.parametrize(("said", "kept"), [
    ("I have 2 dogs, no cats", "dogs"),  # "no" takes back no value of the shape before
    ("my locker is 14 no 41 was my old one", "14"),  # a bare "no" without a pause takes nothing back
    ("I said no 3 times today", "3 times"),
    ("we open at 7, sorry for the late reply", "7"),  # an apology, no new value
    ("we have 3 kids, no, 4 grandkids", "3 kids"),  # another thing counted
    ("we sold 40 steers, scratch that, 40 heifers", "40 steers"),
])
def test_words_that_take_back_no_value_change_nothing(said, kept):
    ex = extract_facts(said, NOW)
    assert not any(d.reason.startswith("a correction") for d in ex.discarded), ex.discarded
    assert kept in " | ".join([f.text for f in ex.facts] + [d.clause for d in ex.discarded])


@pytest.mark.parametrize("said", ["I ran 5k - sorry, I'm rambling", "we have 2 dogs, sorry if that's too much detail"])
def test_an_apology_that_corrects_no_value_changes_nothing(said):
    ex = extract_facts(said, NOW)
    assert not any(d.reason.startswith("a correction") for d in ex.discarded)


# -- a thing of the user's that has ended, said as its subject -------------------------

@pytest.mark.parametrize("said", ["Tennis is out since the shoulder surgery, pilates instead",
                                  "tennis is out, pilates instead"])
def test_a_thing_said_to_be_out_is_ended(said):
    ended = [f for f in extract_facts(said, NOW).facts if f.change == "delete"]
    assert ended and ended[0].rule == "ended_thing"
    old = _near("User plays tennis on weekends", 0.45)
    assert decide_by_rules(Candidate(text=ended[0].text, change="delete"), [old])[:2] == ("DELETE", old)


@pytest.mark.parametrize("said", ["the new iPhone is out", "Dinner is done", "Mum is out for the day",
                                  "the weather is out of control"])
def test_something_out_or_done_for_now_ends_nothing(said):
    assert all(f.change != "delete" for f in extract_facts(said, NOW).facts)


def test_going_off_a_thing_ends_it():
    ended = [f for f in extract_facts("Honestly I've gone off jigsaws", NOW).facts if f.change == "delete"]
    old = _near("User does jigsaw puzzles every evening to unwind", 0.5)
    assert decide_by_rules(Candidate(text=ended[0].text, change="delete"), [old])[:2] == ("DELETE", old)


def test_used_to_retires_what_it_names_never_the_nearest_record():
    """"User used to take zinc" names the old thing; the nearest record can be the new one."""
    now = _near("User takes vitamin D every morning now", 0.7)
    zinc = _near("User takes zinc tablets for colds", 0.45)
    op, target, _ = decide_by_rules(Candidate(text="User used to take zinc", change="delete"), [now, zinc])
    assert (op, target) == ("DELETE", zinc)
    out = decide_by_rules(Candidate(text="User used to take zinc", change="delete"), [now])
    assert out is not None and out[:2] == ("ADD", None)  # vitamin D stays; what was said is kept


# -- a plan called off --------------------------------------------------------------------

@pytest.mark.parametrize("said", ["anyway lisbon's a no, travel funding got cut.", "the trip to Rome is off, work got crazy",
                                  "the wedding got called off", "our Japan trip fell through", "so the Tenby trip is off",
                                  "the deal's off", "my interview got cancelled, they filled the role",
                                  "the reunion isn't happening"])
def test_a_plan_called_off_is_an_end(said):
    facts = extract_facts(said, NOW).facts
    assert any(f.change == "delete" for f in facts), [(f.text, f.change) for f in facts]


@pytest.mark.parametrize("said", ["the light is off", "the light's off", "the party is off the hook",
                                  "the answer's a no", "the sale is 20% off", "she's off to Spain tomorrow"])
def test_a_thing_switched_off_is_no_plan_called_off(said):
    facts = extract_facts(said, NOW).facts
    assert not any(f.change == "delete" for f in facts), [(f.text, f.change) for f in facts]


def _event(text: str, sim: float, *, episode: bool = False) -> Neighbour:
    n = _near(text, sim)
    n.memory.kind = "episodic"
    n.memory.episode = episode
    return n


def test_a_cancellation_ends_the_plan_it_names_but_no_past_event_or_turn():
    plan = _event("User is going to a conference in lisbon in may, first time in europe", 0.43)
    new = Candidate(text="Lisbon's a no, travel funding got cut", change="delete")
    assert decide_by_rules(new, [plan])[:2] == ("DELETE", plan)
    went = _event("User went to a conference in lisbon in 2023", 0.5)
    turn = _event("and I'm going to a conference in lisbon in may!!", 0.5, episode=True)
    assert decide_by_rules(new, [went, turn])[:2] == ("ADD", None)
    stopped = Candidate(text="User stopped going to lisbon", change="delete")  # no cancellation: plans stay
    assert decide_by_rules(stopped, [plan])[0] != "DELETE"


# -- news of a person never retires who they are ----------------------------------------------

@pytest.mark.parametrize("who", ["User's husband is Chidi", "User's sister is Luiza"])
def test_news_of_a_person_never_retires_the_record_of_who_they_are(who):
    identity = _near(who, 0.85, key="partner" if "husband" in who else None)
    lagos = _near("User's husband Chidi is in Lagos for work until the end of the year", 0.5)
    new = Candidate(text="User's husband Chidi is back for good" if "husband" in who else
                    "User's sister Luiza is back in curitiba", change="update")
    op, target, _ = decide_by_rules(new, [identity, lagos])
    assert target is None or target.memory.text != who


def test_a_role_taken_over_still_replaces_the_record_of_who_held_it():
    anand = _near("User's doctor is Dr Anand", 0.45)
    new = Candidate(text="Dr Whitcombe, who has taken over Dr Anand's patients since July, has asked User to keep "
                         "a record of their INR readings", change="update")
    assert decide_by_rules(new, [anand])[:2] == ("UPDATE", anand)


def test_a_spell_that_ended_retires_the_record_of_it():
    lagos = _near("User's husband Chidi is in Lagos for work until the end of the year", 0.45)
    (ended,) = [f for f in extract_facts("The Lagos posting ended early", NOW).facts if f.change == "delete"]
    op, target, _ = decide_by_rules(Candidate(text=ended.text, change="delete"), [lagos])
    assert (op, target) == ("DELETE", lagos)


# -- one telling: a change never retires what the same turn said ---------------------

def test_a_change_leaves_what_its_own_turn_said():
    said = _near("Rate 180/h, ~160h/mo", 0.66, source_turns=["s1:3"])
    rate = Candidate(text="User's rate is 180/h", kind="profile", key="rate", value="180/h", change="update",
                     source_turns=["s1:3"])
    op, target, _ = decide_by_rules(rate, [said])
    assert (op, target) == ("ADD", None)
    # said in an earlier turn, the same record is what the change replaces
    earlier = _near("Rate 180/h, ~160h/mo", 0.66, source_turns=["s1:1"])
    assert decide_by_rules(rate, [earlier])[0] == "UPDATE"


def test_an_end_that_names_a_place_retires_the_one_long_record_holding_it():
    """"give up the Scotstoun lot": the record the keyword index found by "Scotstoun",
    a long one the vectors rank far, is what ends; two records holding the name are a guess."""
    aqua = Neighbour(Memory(id="aq", scope="user:t", kind="semantic",
                            text="User is wondering whether to keep going with aqua aerobics, Tuesday mornings at "
                                 "Scotstoun Leisure Centre, a lovely bunch of women"), 0.3, True)
    end = Candidate(text="User has had to give up the Scotstoun lot", change="delete")
    op, target, _ = decide_by_rules(end, [aqua])
    assert (op, target) == ("DELETE", aqua)
    other = Neighbour(Memory(id="sw", scope="user:t", kind="semantic", text="User swims at Scotstoun on Fridays"), 0.3,
                      True)
    assert decide_by_rules(end, [aqua, other])[0] == "ADD"  # which one ends would be a guess: the end is kept
    far = Neighbour(aqua.memory, 0.1, True)
    assert decide_by_rules(end, [far])[0] == "ADD"


def test_a_change_about_a_relative_retires_nothing_that_shares_only_the_relative():
    guitar = _near("User's brother Marek plays guitar very good", 0.62)
    job = Candidate(text="User's brother Marek took a job in a shipyard in Oslo and now he is the Norwegian one",
                    change="update")
    assert decide_by_rules(job, [guitar])[0] == "ADD"
    # a word of the topic in common: the same thing with another value
    home = _near("User's brother Marek works at the shipyard in Gdańsk", 0.62)
    assert decide_by_rules(job, [home])[0] == "UPDATE"


def test_a_diet_changed_in_other_words_still_retires_the_old_eating():
    meat = _near("User eats a lot of meat", 0.6)
    assert decide_by_rules(Candidate(text="User is vegetarian", change="update"), [meat])[:2] == ("UPDATE", meat)


@pytest.mark.parametrize(("said", "clause"), [
    ("- correction: CE course is Sat the 16th, typed it wrong", "CE course is Sat the 16th"),
    ("sorry, I meant the dentist is on Friday", "the dentist is on Friday"),
    ("the deposit is 450, I typed it wrong", "the deposit is 450"),
    ("I meant to say the deposit is 450", "the deposit is 450"),
    # no fact said again: a plan that was meant, a value alone, no value at all
    ("I meant to tell you I ran 5k", None),
    ("sorry, I meant to ask, is the gym open 24 hours", None),
    ("sorry, I meant 41", None),
    ("I said it wrong, never mind", None),
])
def test_a_fact_said_again_to_put_its_value_right(said, clause):
    from memcli.extract.corrections import restated
    assert restated(said) == clause


def test_the_partner_named_again_keeps_what_was_said_of_them(real_embedder, tmp_path):
    """"My girlfriend is Renata" after "Renata chips in for groceries since she's over like
    every night" is the same person named again, not a denial of what she does."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    current = _tell(store, "user:r", [
        ("My girlfriend Renata chips in for groceries and stuff since shes over like every night.", "2026-01-10T10:00:00Z"),
        ("My girlfriend is Renata, she's a nurse.", "2026-02-10T10:00:00Z")])
    assert any("chips in for groceries" in t for t in current), current
    store.close()


@pytest.mark.parametrize(("old", "new"), [
    # another person's job: "Dev (husband)" is Dev, and "Dev's" is the same name, no topic in common
    ("Dev (husband) is a project manager at 3M",
     "User is up to four days at the practice, Mon-Thu, now that Dev's home more"),
    # a change that names its old value is about what says that value
    ("User's remedial chemistry class meets on Wednesday afternoons at four o'clock",
     "User's KCSE chemistry mean rose from 5.8 to 7.1"),
])
def test_a_change_retires_nothing_of_another_subject_or_value(old, new):
    op, _, _ = decide_by_rules(Candidate(text=new, change="update"), [_near(old, 0.45)])
    assert op == "ADD"


def test_a_change_that_names_its_old_value_retires_the_record_of_it():
    op, target, _ = decide_by_rules(Candidate(text="User's KCSE chemistry mean rose from 5.8 to 7.1", change="update"),
                                    [_near("User's KCSE chemistry mean is 5.8", 0.45)])
    assert op == "UPDATE" and target is not None


def test_a_new_employer_is_no_new_job_title():
    """"First month at Cleveland Clinic" (key `employer`) leaves "User is an ICU nurse" (key
    `job_title`): a slot's change retires only its own slot's record."""
    title = _near("User is an ICU nurse", 0.6, key="job_title")
    op, _, _ = decide_by_rules(Candidate(text="User works at Cleveland Clinic Abu Dhabi", key="employer",
                                         value="Cleveland Clinic Abu Dhabi", change="update"), [title])
    assert op == "ADD"


def test_a_change_that_names_its_old_value_finds_it_in_any_form():
    """"from tuesday to thursday" names the Tuesdays the record says."""
    op, target, _ = decide_by_rules(Candidate(text="User's practice moved from tuesday to thursday", change="update"),
                                    [_near("User's football practice is on Tuesdays at 6", 0.45)])
    assert op == "UPDATE" and target is not None


@pytest.mark.parametrize(("text", "change"), [
    ("User has transferred from Kings Heath Striders to Bournbrook Harriers", "update"),
    ("User got promoted to charge nurse", "update"),
    ("User drove from Leeds to York", None),  # a trip, no change
    ("User is a member of Kings Heath Striders", None),
    ("User flies from FRA most weeks", None),
    # someone named who left, said first (read back when an older transcript comes in later)
    ("Javi left", "delete"),
    ("Dev has left", "delete"),
    ("Javi left yesterday after a week with us", None),
    ("The left side hurts", None),
    ("Turn left at the church", None),
])
def test_a_stored_text_carries_its_change_cue(text, change):
    from memcli.extract.lexicon import change_said
    assert change_said(text) == change


@pytest.mark.parametrize("said", ["stockport let me go 😞 said im too small for their system", "Deloitte let me go last week",
                                  "they laid me off in March"])
def test_a_club_or_employer_letting_the_user_go_is_an_end(said):
    assert any(f.change == "delete" for f in extract_facts(said, NOW).facts)


@pytest.mark.parametrize("said", ["let me go to the shop first", "they let me go early on Fridays"])
def test_let_me_go_somewhere_is_no_end(said):
    assert not any(f.change == "delete" for f in extract_facts(said, NOW).facts)


@pytest.mark.parametrize(("before", "end", "gone"), [
    # someone named leaves: the one record that holds the name goes, the name opening the end
    ("mi primo Javi works the window with me, he's good with the customers",
     "Javi left, he got on at H-E-B in the warehouse. hired Marisol, she's fast", "Javi works the window"),
    # "finally" between the name and the end
    ("Dev (husband) is a project manager at 3M and he travels like half the month.",
     "Dev finally left 3M. He's at Medtronic now, way less travel.", "project manager at 3M"),
])
def test_someone_who_left_takes_their_record_with_them(real_embedder, tmp_path, before, end, gone):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _tell(store, "user:t", [(before, "2025-03-03T10:00:00Z"), (end, "2025-07-22T10:00:00Z")])
    assert not [t for t in active if gone in t], active
    store.close()


@pytest.mark.parametrize("visit", ["Sam left for Paris yesterday, back Sunday.",
                                   "Sam left yesterday after a week with us, the house is quiet."])
def test_someone_who_left_for_a_trip_keeps_their_record(real_embedder, tmp_path, visit):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _tell(store, "user:t", [("My brother Sam works at the Ford plant in Dagenham.", "2025-03-03T10:00:00Z"),
                                     (visit, "2025-07-22T10:00:00Z")])
    assert [t for t in active if "Ford plant" in t], active
    store.close()


def test_a_workplace_left_by_name_retires_the_job_told_in_an_older_session_read_later(real_embedder, tmp_path):
    """Sessions out of order: "my last service at Da Ciro was in March" read first, then
    the older "I work at Da Ciro": the job is history at once."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    active = _tell(store, "user:t", [
        ("Forno Rino is open!! Saturday Broadway Market. My last service at Da Ciro was in March, Ciro cried.",
         "2025-05-20T16:10:00Z"),
        ("I work pizzaiolo at Da Ciro in Camden, on Parkway.", "2024-10-07T22:43:38Z")])
    assert "User works at Da Ciro" not in active, active
    assert "User left Da Ciro in March 2025" in active, active
    store.close()


@pytest.mark.parametrize(("old", "end", "ends"), [
    ("User smokes 1 pack a day", "User quit smoking in February 2025", True),  # the habit in another form
    ("User drinks 6 cups of coffee a day", "User gave up drinking coffee", True),
    ("User smokes 1 pack a day", "User quit the choir", False),  # another thing ended
])
def test_an_end_said_in_another_form_of_the_word_retires_the_habit(old, end, ends):
    op, target, _ = decide_by_rules(Candidate(text=end, change="delete"), [_near(old, 0.58)])
    assert (op == "DELETE" and target is not None) is ends


@pytest.mark.parametrize(("later", "gone"), [
    ("Good news po: 30 days no cigarette already! Nicotine gum only.", True),
    ("six months smoke-free today!", True),
    ("we were two days without a cigarette on the ferry, it was hell", False),  # a span that was
    ("30 days no sugar challenge starts Monday", False),  # no cigarette named
])
def test_a_habit_given_up_told_by_how_long_retires_it(real_embedder, tmp_path, later, gone):
    from memcli.extract.diet import gone_without

    assert bool(gone_without(later)) is gone
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    current = _tell(store, "user:s", [("Bad habit po, I smoke 1 pack a day, Marlboro red", "2025-01-08T10:00:00Z"),
                                      (later, "2025-03-20T10:00:00Z")])
    assert ("User smokes 1 pack a day" not in current) is gone, current
    store.close()


def test_a_habit_given_up_with_none_stored_adds_nothing_beside_the_users_words(real_embedder, tmp_path):
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    current = _tell(store, "user:d", [("I'm off the dop now, 3 months no booze. Kombucha at the braai",
                                       "2025-03-20T10:00:00Z")])
    assert not any("gave up" in t for t in current) and any("3 months no booze" in t for t in current), current
    store.close()


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_someone_who_left_a_place_is_still_who_they_are_to_the_user(real_embedder, tmp_path, order):
    """"Nuria left the hospital" ends her work there, never "User's best friend here is
    Nuria", in either order of ingest."""
    store = MemoryStore(tmp_path / "m.db", real_embedder)
    said = [("My best friend here is Nuria, we did the residencia together.", "2024-10-08T10:00:00Z"),
            ("News: Nuria left the hospital, she works as a doula in Valencia now.", "2025-01-15T10:00:00Z")]
    active = _tell(store, "user:t", [said[i] for i in order])
    assert [t for t in active if "best friend here is Nuria" in t], active
    store.close()
